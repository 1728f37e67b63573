import { describe, expect, it } from "vitest";
import { applyEvent, compileWorkflow, enterState, fireTimer, startWorkflow, validateDefinition, type WorkflowDefinitionInput } from "../engine";
import { EXAMPLE_DEFINITIONS } from "./seed-example";
import deadlines from "../seed/kyb-review-deadlines.definition.json";

const DAY = 86_400_000;

describe("the worked examples", () => {
  it.each(EXAMPLE_DEFINITIONS.map((d) => [d.id, d] as const))("%s validates", (_id, definition) => {
    expect(validateDefinition(definition)).toEqual([]);
  });

  it("review deadlines: manual review is due in 48 h, warned 12 h before", () => {
    const compiled = compileWorkflow(deadlines as unknown as WorkflowDefinitionInput);
    const { snapshot } = startWorkflow(compiled, { entity: { id: "e", type: "business", data: { companyName: "Acme" } } });
    const review = enterState(compiled, snapshot, "manual_review", "api");
    expect(review.timers?.deadline).toEqual({ node: "manual_review", dueMs: 2 * DAY, warnBeforeMs: DAY / 2 });
    expect(applyEvent(compiled, review.snapshot, { type: "approve", origin: "api" }).timers?.deadline).toBeNull();
  });

  it("review deadlines: revision reminds through a webhook after 24 h and every 24 h, and rejects after 14 days", () => {
    const compiled = compileWorkflow(deadlines as unknown as WorkflowDefinitionInput);
    const { snapshot } = startWorkflow(compiled, { entity: { id: "e", type: "business", data: { companyName: "Acme" } } });
    const review = enterState(compiled, snapshot, "manual_review", "api");
    const revision = applyEvent(compiled, review.snapshot, { type: "revision", origin: "api" });
    expect(revision.snapshot.state).toBe("revision.awaiting_documents");
    expect(revision.timers?.start).toEqual([
      { node: "revision", delay: "P14D", delayMs: 14 * DAY },
      { node: "revision.awaiting_documents", delay: "PT24H", delayMs: DAY },
    ]);
    expect(revision.effects.filter((e) => e.kind === "webhook_plugin")).toEqual([]);

    const reminded = fireTimer(compiled, revision.snapshot, { node: "revision.awaiting_documents", delay: "PT24H" });
    expect(reminded.snapshot.state).toBe("revision.reminded");
    expect(reminded.effects).toContainEqual(expect.objectContaining({ kind: "webhook_plugin", pluginName: "revision_reminder_webhook" }));
    expect(reminded.timers).toMatchObject({ keep: ["revision"], start: [{ node: "revision.reminded", delay: "PT24H" }] });

    // The self-transition sends the reminder again and restarts its own timer; the 14 days keep running.
    const again = fireTimer(compiled, reminded.snapshot, { node: "revision.reminded", delay: "PT24H" });
    expect(again.snapshot.state).toBe("revision.reminded");
    expect(again.effects).toContainEqual(expect.objectContaining({ kind: "webhook_plugin", pluginName: "revision_reminder_webhook" }));
    expect(again.timers).toMatchObject({ keep: ["revision"], start: [{ node: "revision.reminded", delay: "PT24H" }] });

    const rejected = fireTimer(compiled, again.snapshot, { node: "revision", delay: "P14D" });
    expect(rejected.snapshot).toMatchObject({ state: "auto_reject", status: "completed" });
    expect(rejected.effects).toContainEqual(expect.objectContaining({ kind: "webhook_plugin", pluginName: "fail_webhook" }));
  });
});
