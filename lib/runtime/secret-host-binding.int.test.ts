import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { vendorProject } from "../../tests/support/vendor-project";
import { confirmingVendor, eventually } from "../../tests/support/vendor-stub";
import { getRuntime, runContext } from "../../tests/support/seed";
import { jobs, runtimeHistory } from "../db/schema";
import { bindSecret } from "../secrets";
import { sendEvent } from "./send-event";
import { startRun } from "./start-run";

// Secrets bound to hosts, against a real local receiver: a request that would carry a bound secret to another host
// is never made (the receiver sees nothing), the call fails with secret_host_not_allowed and is recorded, and an API
// plugin's workflow moves by errorAction. The example's registry call sends REGISTRY_API_KEY, its finish webhook
// WEBHOOK_TOKEN, both to the receiver at 127.0.0.1:<port>.
const P = "secret-hosts";
const REGISTRY_CANARY = "canary-registry-secret-7f3a";
const HOOK_CANARY = "canary-hook-token-91bc";
const actor = { type: "api_key" as const, id: "test" };

const t = vendorProject(P, { vendor: confirmingVendor("x"), secrets: { REGISTRY_API_KEY: REGISTRY_CANARY, WEBHOOK_TOKEN: HOOK_CANARY } });

const receivedFor = (path: string) => t.stub.received.filter((r) => r.path === path);
const canariesReceived = () => JSON.stringify(t.stub.received).match(new RegExp(`${REGISTRY_CANARY}|${HOOK_CANARY}`, "g")) ?? [];

async function runTo(reg: string) {
  const run = await startRun(t.db, { projectId: P, workflowId: "kyb_manual_review_example", context: runContext(t.stub.origin, reg), actor });
  await sendEvent(t.db, { projectId: P, runtimeId: run.workflowRuntimeId, name: "start", origin: "api", actor });
  return eventually(async () => {
    const r = await getRuntime(t.db, run.workflowRuntimeId);
    return r.state !== "check_business_details" && r.state !== "idle" ? r : null;
  }, `runtime ${reg} to leave check_business_details`);
}

const pluginCalls = (runtimeId: string) =>
  t.db
    .select()
    .from(runtimeHistory)
    .where(and(eq(runtimeHistory.runtimeId, runtimeId), eq(runtimeHistory.kind, "plugin_call")))
    .orderBy(asc(runtimeHistory.id));

/** Run to auto-approval; the registry got REGISTRY_API_KEY; answers the finish webhook the receiver got for the case. */
async function approvedWithSecretSent(reg: string) {
  const r = await runTo(reg);
  expect(r.state).toBe("auto_approve");
  expect(receivedFor(`/registry/${reg}`)[0].headers.authorization).toBe(`Bearer ${REGISTRY_CANARY}`);
  const entityId = (r.context.entity as { id: string }).id;
  return eventually(async () => receivedFor("/hooks/finish").find((h) => JSON.stringify(h.body).includes(entityId)), "finish webhook");
}

describe(`secrets bound to hosts (${process.env.TEST_DB_KIND})`, () => {
  it("unbound secrets (as every secret before bindings) are sent as before", async () => {
    const finish = await approvedWithSecretSent("2001");
    expect(finish.headers.authorization).toBe(`Bearer ${HOOK_CANARY}`);
  });

  it("an API plugin that would send a bound secret elsewhere fails with secret_host_not_allowed before connecting; recorded; the workflow moves by errorAction", async () => {
    await bindSecret(t.db, P, "REGISTRY_API_KEY", ["api.registry.example", "localhost"]);
    const before = t.stub.received.length;
    const seen = canariesReceived().length;
    const r = await runTo("2002");
    expect(r.state).toBe("manual_review"); // API_CALL_ERROR -> manual_review
    expect(receivedFor("/registry/2002")).toEqual([]);
    expect(t.stub.received.slice(before).filter((req) => req.path.startsWith("/registry"))).toEqual([]);
    expect(canariesReceived().length).toBe(seen);
    const [call] = await pluginCalls(r.id);
    const expected = `secret_host_not_allowed: secret 'REGISTRY_API_KEY' may only be sent to api.registry.example, localhost, and this request goes to 127.0.0.1:${t.stub.port}`;
    expect(call.payload).toMatchObject({ plugin: "external_request_example", kind: "api", ok: false, error: expect.stringContaining(expected) });
    expect((call.payload as { request: { headers: Record<string, string> } }).request.headers.Authorization).toBe("Bearer {secret.REGISTRY_API_KEY}");
    expect(r.context.external_request_example).toMatchObject({ status: "error", error: expect.stringContaining("secret_host_not_allowed") });
    expect(JSON.stringify(await pluginCalls(r.id))).not.toContain(REGISTRY_CANARY);
  });

  it("bound to the receiver's host and port, the secret is sent", async () => {
    await bindSecret(t.db, P, "REGISTRY_API_KEY", [`127.0.0.1:${t.stub.port}`]);
    await approvedWithSecretSent("2003");
  });

  it("a webhook plugin that would send a bound secret elsewhere: its job fails at once (no retry), recorded, nothing sent", async () => {
    await bindSecret(t.db, P, "WEBHOOK_TOKEN", ["*.hooks.example"]);
    const r = await runTo("2004");
    expect(r.state).toBe("auto_approve");
    const job = await eventually(async () => {
      const [row] = await t.db.select().from(jobs).where(and(eq(jobs.runtimeId, r.id), eq(jobs.kind, "webhook_plugin")));
      return row?.status === "failed" ? row : null;
    }, "the finish webhook's job to fail");
    expect(job).toMatchObject({ attempts: 1, lastError: expect.stringMatching(/^secret_host_not_allowed: secret 'WEBHOOK_TOKEN' may only be sent to \*\.hooks\.example/) });
    const entityId = (r.context.entity as { id: string }).id;
    expect(receivedFor("/hooks/finish").filter((h) => JSON.stringify(h.body).includes(entityId))).toEqual([]);
    expect(t.stub.received.filter((h) => JSON.stringify(h).includes(HOOK_CANARY) && JSON.stringify(h).includes(entityId))).toEqual([]);
    const webhook = (await pluginCalls(r.id)).find((h) => (h.payload as { kind: string }).kind === "webhook")!;
    expect(webhook.payload).toMatchObject({ plugin: "finish_webhook", ok: false, error: expect.stringContaining("secret_host_not_allowed") });
  });
});
