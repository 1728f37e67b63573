import { describe, expect, it } from "vitest";
import { and, asc, eq, sql } from "drizzle-orm";
import { rowsOf } from "../db/rows";
import { vendorProject } from "../../tests/support/vendor-project";
import { jobs, runtimeHistory } from "../db/schema";
import { eventually, type ReceivedRequest, type StubReply } from "../../tests/support/vendor-stub";
import { getRuntime, runContext } from "../../tests/support/seed";
import { startRun } from "./start-run";
import { sendEvent } from "./send-event";

const P = "flow";
const SCORES: Record<string, number> = { "1000": 1.0, "0700": 0.7, "0300": 0.3, "0500": 0.5 };
const calls = new Map<string, number>();

function vendor(req: ReceivedRequest): StubReply {
  if (req.path.startsWith("/hooks/")) return { status: 204 };
  const reg = req.path.split("/").pop()!;
  const n = (calls.get(reg) ?? 0) + 1;
  calls.set(reg, n);
  if (reg === "flaky" && n === 1) return { status: 503, body: { error: "try later" } };
  if (reg === "slow") return { status: 200, delayMs: 1500, body: {} };
  if (reg === "badschema") return { status: 200, body: { business_details: { registered_name: "X" }, name_fuzziness_score: 7 } };
  const score = SCORES[reg] ?? 1.0;
  return { status: 200, body: { business_details: { registered_name: score === 1 ? req.query.business_name : "Other Name Ltd", registration_number: reg }, name_fuzziness_score: score } };
}

const t = vendorProject(P, {
  vendor,
  secrets: { REGISTRY_API_KEY: "registry-secret-123", WEBHOOK_TOKEN: "hook-token-456" },
  definitions: [{}, { id: "kyb_fast_timeout", edit: (d) => Object.assign(d.extensions.apiPlugins[0], { timeoutMs: 300, retry: { maxAttempts: 1 } }) }],
});

const actor = { type: "api_key" as const, id: "test" };

async function runTo(reg: string, workflowId = "kyb_manual_review_example") {
  const run = await startRun(t.db, { projectId: P, workflowId, context: runContext(t.stub.origin, reg), actor });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
  return eventually(async () => {
    const r = await getRuntime(t.db, run.workflowRuntimeId);
    return r.state !== "check_business_details" && r.state !== "idle" ? r : null;
  }, `runtime ${reg} to leave check_business_details`);
}

const hooks = (name: string, entityId: string) => {
  const found = t.stub.received.filter((r) => r.path === `/hooks/${name}` && JSON.stringify(r.body).includes(entityId));
  return found.length ? found : null;
};

describe(`worked example end to end (${process.env.TEST_DB_KIND})`, () => {
  it("score 1.0: the vendor receives the URL, query, headers and secret; the case is auto-approved and the finish webhook sent", async () => {
    const r = await runTo("1000");
    expect(r.state).toBe("auto_approve");
    expect(r.status).toBe("completed");
    expect(r.workflowFinalState).toBe("auto_approved");
    expect(r.resolvedAt).toBeInstanceOf(Date);
    const call = t.stub.received.find((c) => c.path === "/registry/1000")!;
    expect(call.method).toBe("GET");
    expect(call.query).toEqual({ business_name: "Acme Trading Ltd", registration_number: "1000" });
    expect(call.headers.special_header).toBe("from-context");
    expect(call.headers.authorization).toBe("Bearer registry-secret-123");
    const ctx = r.context as { pluginsOutput: { external_request_example: { name_fuzziness_score: number } }; external_request_example: unknown; entity: unknown };
    expect(ctx.pluginsOutput.external_request_example.name_fuzziness_score).toBe(1);
    expect(ctx.external_request_example).toMatchObject({ status: "success", httpStatus: 200 });
    const entityId = (ctx.entity as { id: string }).id;
    const [finish] = await eventually(async () => hooks("finish", entityId), "finish webhook");
    expect(finish.method).toBe("POST");
    expect(finish.headers.authorization).toBe("Bearer hook-token-456");
    expect(finish.body).toEqual({ success_result: ctx.pluginsOutput.external_request_example, entity_id: entityId });
  });

  it("score 0.7: manual review with the recorded reason, then a reviewer approves", async () => {
    const r = await runTo("0700");
    expect(r.state).toBe("manual_review");
    expect(r.manualReviewReason).toContain("name fuzziness score below 0.8");
    const approved = await sendEvent(t.db, { projectId: P, runtimeId: r.id, name: "approve", origin: "reviewer", actor: { type: "reviewer", id: "u1" } });
    expect(approved.state).toBe("approve");
    expect(approved.workflowFinalState).toBe("approved");
    expect(approved.version).toBe(r.version + 1);
  });

  it("the vendor call's job is marked succeeded in the transaction that stores its result", async () => {
    const r = await runTo("0700");
    await eventually(async () => {
      const [job] = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, r.id), eq(jobs.kind, "api_plugin")));
      return job.status === "succeeded" ? job : null;
    }, "the api_plugin job to be succeeded");
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, r.id), eq(jobs.kind, "api_plugin")));
    const steps = await t.db.select().from(runtimeHistory).where(and(eq(runtimeHistory.runtimeId, r.id), eq(runtimeHistory.kind, "plugin_call")));
    // xmin is the id of the transaction that wrote a row: equal ids mean one transaction wrote both.
    expect(steps).toHaveLength(1);
    const writer = async (table: string, id: number) => rowsOf<{ x: string }>(await t.db.execute(sql`select xmin::text as x from ${sql.raw(table)} where id = ${id}`))[0].x;
    expect(await writer("jobs", job.id)).toBe(await writer("runtime_history", steps[0].id));
    expect(job).toMatchObject({ attempts: 1, lockedUntil: null, lastError: null });
  });

  it("score 0.3 and exactly 0.5: auto-rejected, and the fail webhook carries the whole context", async () => {
    for (const reg of ["0300", "0500"]) {
      const r = await runTo(reg);
      expect(r.state).toBe("auto_reject");
      expect(r.workflowFinalState).toBe("auto_rejected");
      const entityId = (r.context.entity as { id: string }).id;
      const [fail] = await eventually(async () => hooks("fail", entityId), "fail webhook");
      expect((fail.body as { failing_result: { entity: { id: string } } }).failing_result.entity.id).toBe(entityId);
    }
  });

  it("a 503 is retried and the second attempt succeeds", async () => {
    const r = await runTo("flaky");
    expect(r.state).toBe("auto_approve");
    expect(calls.get("flaky")).toBe(2);
    const rows = await t.db
      .select()
      .from(runtimeHistory)
      .where(and(eq(runtimeHistory.runtimeId, r.id), eq(runtimeHistory.kind, "plugin_call")))
      .orderBy(asc(runtimeHistory.id));
    const api = rows.filter((h) => (h.payload as { kind: string }).kind === "api");
    expect(api.map((h) => (h.payload as { ok: boolean }).ok)).toEqual([false, true]);
    expect(JSON.stringify(rows)).not.toContain("registry-secret-123");
  });

  it("a timeout follows errorAction to manual review with the error as reason", async () => {
    const r = await runTo("slow", "kyb_fast_timeout");
    expect(r.state).toBe("manual_review");
    expect((r.context.external_request_example as { status: string; error: string }).status).toBe("error");
    expect(r.manualReviewReason).toMatch(/timeout/i);
  });

  it("a response failing its schema follows errorAction", async () => {
    const r = await runTo("badschema");
    expect(r.state).toBe("manual_review");
    expect((r.context.external_request_example as { error: string }).error).toMatch(/name_fuzziness_score/);
    expect((r.context.pluginsOutput as Record<string, unknown> | undefined)?.external_request_example).toBeUndefined();
  });

  it("an event the state does not accept is refused with the events it accepts, and nothing changes", async () => {
    const r = await runTo("0700");
    const error = await sendEvent(t.db, { projectId: P, runtimeId: r.id, name: "aprove", origin: "api", actor }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "event_not_accepted", status: 409 });
    expect(String((error as Error).message)).toBe("state 'manual_review' does not accept event 'aprove'; it accepts: approve, reject, revision");
    expect((await getRuntime(t.db, r.id)).version).toBe(r.version);
  });
});
