import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { runtimeHistory } from "../db/schema";
import { directReview, getRuntime, runContext, seedDefinition, seedProject } from "../../tests/support/seed";
import { testProject } from "../../tests/support/test-project";
import { decideEvent } from "./decide-event";
import { startRun } from "./start-run";
import { stepMany, stepManyAcrossProjects, type StepRequest } from "./step-many";

const P = "step-many";
const Q = "step-many-other";
const t = testProject(P, { definitions: [directReview()] });
const actor = { type: "api_key" as const, id: "test" };

async function newRuntime(projectId: string, reg: string): Promise<string> {
  return (await startRun(t.db, { projectId, workflowId: "direct_review", context: runContext("http://127.0.0.1:9", reg), actor })).workflowRuntimeId;
}
const event = (projectId: string, runtimeId: string, name: string): StepRequest<undefined> => ({ runtimeId, decide: decideEvent({ projectId, runtimeId, name, origin: "api", actor }) });

describe("stepMany", () => {
  it("answers each request in order: two for one runtime apply in turn, a missing runtime or a throwing decide fails alone", async () => {
    await seedProject(t.db, Q);
    await seedDefinition(t.db, Q, directReview());
    const [a, b, c, elsewhere] = [await newRuntime(P, "a"), await newRuntime(P, "b"), await newRuntime(P, "c"), await newRuntime(Q, "q")];
    const refused = new Error("decided against");
    const requests: StepRequest<string>[] = [
      { runtimeId: a, decide: (locked) => ({ ...decideEvent({ projectId: P, runtimeId: a, name: "start", origin: "api", actor })(locked), value: `seen at ${locked.runtime.version}` }) },
      { runtimeId: "00000000-0000-4000-8000-00000000000f", decide: () => null },
      { runtimeId: "not-a-uuid", decide: () => null },
      { runtimeId: elsewhere, decide: () => null },
      { runtimeId: b, decide: () => { throw refused; } },
      { runtimeId: c, decide: () => null },
      { runtimeId: a.toUpperCase(), decide: (locked) => ({ ...decideEvent({ projectId: P, runtimeId: a, name: "approve", origin: "api", actor })(locked), value: `${locked.snapshot.state} at ${locked.runtime.version}` }) },
      { runtimeId: b.toUpperCase(), decide: (locked) => ({ ...decideEvent({ projectId: P, runtimeId: b, name: "start", origin: "api", actor })(locked), value: locked.snapshot.state }) },
    ];
    const outcomes = await stepMany(t.db, P, requests);

    expect(outcomes.map((o) => o.ok)).toEqual([true, false, false, false, false, true, true, true]);
    for (const i of [1, 2, 3]) expect(!outcomes[i].ok && outcomes[i].error, `request ${i}`).toMatchObject({ code: "not_found", message: `Workflow runtime '${requests[i].runtimeId}' was not found in this project.` });
    expect(!outcomes[4].ok && outcomes[4].error).toBe(refused);
    const value = (i: number) => (outcomes[i].ok ? outcomes[i].value : undefined)!;
    expect(value(0)).toMatchObject({ value: "seen at 1", runtime: { id: a, state: "manual_review", version: 2 } });
    expect(value(6)).toMatchObject({ value: "manual_review at 2", runtime: { id: a, state: "approve", status: "completed", version: 3 } });
    expect(value(5)).toEqual({ runtime: expect.objectContaining({ id: c, state: "idle", version: 1 }), value: undefined });
    expect(value(7)).toMatchObject({ value: "idle", runtime: { id: b, state: "manual_review", version: 2 } });

    expect(await getRuntime(t.db, a)).toMatchObject({ state: "approve", version: 3 });
    expect(await getRuntime(t.db, c)).toMatchObject({ state: "idle", version: 1 });
    expect(await getRuntime(t.db, elsewhere)).toMatchObject({ state: "idle", version: 1 });
    const transitions = await t.db.select().from(runtimeHistory).where(eq(runtimeHistory.runtimeId, a));
    expect(transitions.filter((h) => h.kind === "transition").map((h) => [h.eventName, h.fromState, h.toState])).toEqual([
      ["start", "idle", "manual_review"],
      ["approve", "manual_review", "approve"],
    ]);
  });

  it("runs each decide in its request's scope", async () => {
    const id = await newRuntime(P, "scoped");
    let inside = false;
    const inScope = <R>(fn: () => R): R => {
      inside = true;
      try {
        return fn();
      } finally {
        inside = false;
      }
    };
    const decide = event(P, id, "start").decide;
    const seen: boolean[] = [];
    const [outcome] = await stepMany(t.db, P, [{ runtimeId: id, decide: (locked) => (seen.push(inside), decide(locked)), inScope }]);
    expect(outcome.ok).toBe(true);
    expect(seen).toEqual([true]);
  });
});

describe("stepManyAcrossProjects", () => {
  it("steps each project's runtimes, answers in request order, and reports a runtime under the wrong project as not found", async () => {
    const [p1, q1, p2] = [await newRuntime(P, "x-1"), await newRuntime(Q, "x-2"), await newRuntime(P, "x-3")];
    const outcomes = await t.db.transaction((tx) =>
      stepManyAcrossProjects(tx as never, [
        { ...event(Q, q1, "start"), projectId: Q },
        { ...event(P, p1, "start"), projectId: P },
        { ...event(P, q1, "start"), projectId: P },
        { ...event(P, p2, "start"), projectId: P },
      ]),
    );
    expect(outcomes.map((o) => o.ok && o.value.runtime.id)).toEqual([q1, p1, false, p2]);
    expect(!outcomes[2].ok && outcomes[2].error).toMatchObject({ code: "not_found" });
    for (const id of [p1, q1, p2]) expect((await getRuntime(t.db, id)).state).toBe("manual_review");
  });
});
