import { describe, expect, it } from "vitest";
import { compileWorkflow } from "../engine";
import type { WorkflowRuntime } from "../db/schema";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { runtimeView } from "./runtime-view";

const compiled = compileWorkflow(tinyDefinition({ review: { on: { approve: "done", reject: "done" } }, done: { type: "final" } }));
const at = (iso: string) => new Date(iso);
const row = (over: Partial<WorkflowRuntime> = {}) =>
  ({
    id: "00000000-0000-4000-8000-000000000001",
    projectId: "p",
    workflowDefinitionId: "tiny",
    workflowDefinitionVersion: 1,
    businessId: null,
    endUserId: null,
    state: "review",
    status: "active",
    tags: ["manual_review"],
    context: { a: 1 },
    version: 4,
    manualReviewReason: "check the director",
    workflowFinalState: null,
    assigneeId: null,
    assignedAt: null,
    createdAt: at("2026-11-01T10:00:00.000Z"),
    updatedAt: at("2026-11-02T10:00:00.000Z"),
    resolvedAt: null,
    dueAt: null,
    ...over,
  }) as unknown as WorkflowRuntime;

describe("runtimeView: a runtime as the API answers it", () => {
  it("names the entity's kind and id: a business, an individual, or none", () => {
    expect(runtimeView(row({ businessId: "b-1" }), compiled, null)).toMatchObject({ serviceEntityId: "b-1", entityType: "business" });
    expect(runtimeView(row({ endUserId: "u-1" }), compiled, null)).toMatchObject({ serviceEntityId: "u-1", entityType: "individual" });
    expect(runtimeView(row(), compiled, null)).toMatchObject({ serviceEntityId: null, entityType: null });
  });

  it("offers the events the current state accepts only while the runtime is active", () => {
    expect([...runtimeView(row(), compiled, null).nextEvents].sort()).toEqual(["approve", "reject"]);
    for (const status of ["canceled", "completed", "failed"] as const) expect(runtimeView(row({ status }), compiled, null).nextEvents, status).toEqual([]);
  });

  it("gives every time as an ISO string, and null where there is none", () => {
    const set = runtimeView(
      row({ assigneeId: "user-1", assignedAt: at("2026-11-03T08:00:00.000Z"), dueAt: at("2026-11-05T08:00:00.000Z"), resolvedAt: at("2026-11-04T08:00:00.000Z") }),
      compiled,
      null,
    );
    expect(set).toMatchObject({
      assigneeId: "user-1",
      assignedAt: "2026-11-03T08:00:00.000Z",
      dueAt: "2026-11-05T08:00:00.000Z",
      resolvedAt: "2026-11-04T08:00:00.000Z",
      createdAt: "2026-11-01T10:00:00.000Z",
      updatedAt: "2026-11-02T10:00:00.000Z",
    });
    expect(runtimeView(row(), compiled, null)).toMatchObject({ assignedAt: null, dueAt: null, resolvedAt: null, review: null });
    expect(runtimeView(row(), compiled, null)).toMatchObject({ id: row().id, workflowDefinitionId: "tiny", workflowDefinitionVersion: 1, state: "review", status: "active", tags: ["manual_review"], context: { a: 1 }, version: 4, manualReviewReason: "check the director", workflowFinalState: null });
  });
});
