import { describe, expect, it } from "vitest";
import { compileWorkflow, type RuntimeSnapshot } from "../engine";
import { AppError } from "../errors/app-error";
import { tinyDefinition } from "../../tests/support/engine-fixtures";
import { thrown } from "../../tests/support/thrown";
import { assertNotAVote } from "./assert-not-a-vote";

const compiled = compileWorkflow(
  tinyDefinition({
    single: { meta: { review: { approvals: 1, rejections: 2 } }, on: { approve: "done", reject: "done", revision: "plain" } },
    pair: { meta: { review: { approvals: 2 } }, on: { approve: "done", reject: "done" } },
    plain: { on: { approve: "done" } },
    done: { type: "final" },
  }),
);
const at = (state: string, status: RuntimeSnapshot["status"] = "active") => ({ state, status, context: {}, tags: [], manualReviewReason: null, workflowFinalState: null }) as RuntimeSnapshot;

const refusal = (snapshot: RuntimeSnapshot, event: string) => thrown<AppError>(() => assertNotAVote(compiled, snapshot, event), `'${event}' in '${snapshot.state}' was let through`);
const letThrough = (snapshot: RuntimeSnapshot, event: string) => expect(() => assertNotAVote(compiled, snapshot, event), `'${event}' in '${snapshot.state}' (${snapshot.status})`).not.toThrow();

describe("assertNotAVote: approvals and rejections on a four-eyes state are reviewers' votes, not events", () => {
  it("refuses approve and reject there with 403 four_eyes_required, naming the state and its rule", () => {
    const approve = refusal(at("single"), "approve");
    expect(approve).toBeInstanceOf(AppError);
    expect(approve).toMatchObject({ code: "four_eyes_required", status: 403 });
    expect(approve!.message).toBe(
      "State 'single' is decided by reviewers' votes (four-eyes rule, meta.review: 1 approval, 2 rejections); 'approve' cannot be sent as an event. Reviewers decide it on the case page.",
    );
    expect(refusal(at("pair"), "reject").message).toContain("(four-eyes rule, meta.review: 2 approvals, 1 rejection); 'reject' cannot be sent");
  });

  it("lets other events through, and every event on a state without a rule or a runtime that is not active", () => {
    letThrough(at("single"), "revision");
    letThrough(at("plain"), "approve");
    for (const status of ["completed", "canceled", "failed"] as const) letThrough(at("single", status), "approve");
    letThrough(at("nowhere"), "approve");
  });
});
