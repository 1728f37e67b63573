import { describe, expect, it } from "vitest";
import { exampleDefinition, expectReported, type BrokenDefinition, type EditableDefinition } from "../../tests/support/engine-fixtures";
import { compileWorkflow } from "./compile-workflow";
import { reviewRuleOf, voteKindOf } from "./state-review";
import type { JsonObject } from "./types";
import { validateDefinition } from "./validate-definition";

const AT = "/definition/states/manual_review/meta/review";
const states = (d: EditableDefinition) => d.definition.states as unknown as Record<string, JsonObject>;
const withReview = (name: string, review: unknown, pointer: string, fix: RegExp): BrokenDefinition => ({
  name,
  mutate: (d) => void (states(d).manual_review.meta = { review }),
  pointer: `${AT}${pointer}`,
  code: "review_invalid",
  fix,
});

describe("meta.review: validation", () => {
  it.each([
    withReview("a review that is not an object", 2, "", /must be \{ "approvals": 2/),
    withReview("no approvals", { teams: ["senior"] }, "/approvals", /needs 'approvals'/),
    withReview("zero approvals", { approvals: 0 }, "/approvals", /whole number from 1 to 10; got 0/),
    withReview("a fractional approvals", { approvals: 1.5 }, "/approvals", /whole number from 1 to 10; got 1.5/),
    withReview("approvals as text", { approvals: "2" }, "/approvals", /got "2"/),
    withReview("more than 10 approvals", { approvals: 11 }, "/approvals", /from 1 to 10; got 11/),
    withReview("zero rejections", { approvals: 2, rejections: 0 }, "/rejections", /'meta.review.rejections' must be a whole number/),
    withReview("an unknown key", { approvals: 2, quorum: 3 }, "/quorum", /takes approvals, rejections, teams, allowSelfApproval only; remove 'quorum'/),
    withReview("teams that is not a list", { approvals: 2, teams: "senior" }, "/teams", /list of 1 to 20 team names/),
    withReview("an empty team list", { approvals: 2, teams: [] }, "/teams", /leave it out to let any reviewer decide/),
    withReview("a blank team name", { approvals: 2, teams: ["senior", "  "] }, "/teams/1", /non-empty string/),
    withReview("a team name that is not a string", { approvals: 2, teams: [7] }, "/teams/0", /non-empty string .*got 7/),
    withReview("a team listed twice", { approvals: 2, teams: ["Senior", "senior"] }, "/teams/1", /listed twice/),
    withReview("allowSelfApproval as text", { approvals: 2, allowSelfApproval: "no" }, "/allowSelfApproval", /true or false/),
  ])("reports $name at its pointer", (c) => expectReported(c));

  it("refuses it on a final state and on a compound state", () => {
    expectReported({ name: "final", mutate: (d) => void (states(d).approve.meta = { review: { approvals: 2 } }), pointer: "/definition/states/approve/meta/review", code: "review_invalid", fix: /final state 'approve' decides nothing/ });
    expectReported({
      name: "compound",
      mutate: (d) => void Object.assign(states(d).manual_review, { meta: { review: { approvals: 2 } }, initial: "first", states: { first: {} } }),
      pointer: AT,
      code: "review_invalid",
      fix: /move it from compound state 'manual_review' to its child states/,
    });
  });

  it("accepts a full rule and compiles it with its defaults", () => {
    const def = exampleDefinition() as EditableDefinition;
    states(def).manual_review.meta = { review: { approvals: 2, teams: ["Senior", "compliance"], allowSelfApproval: false } };
    expect(validateDefinition(def)).toEqual([]);
    const compiled = compileWorkflow(def);
    expect(compiled.states.get("manual_review")!.review).toEqual({ approvals: 2, rejections: 1, teams: ["Senior", "compliance"], allowSelfApproval: false });
    expect(compiled.states.get("revision")!.review).toBeNull();
  });
});

describe("reviewRuleOf and voteKindOf", () => {
  it("applies defaults and reads nothing from a state without a rule", () => {
    expect(reviewRuleOf({ review: { approvals: 3, rejections: 2, allowSelfApproval: true } })).toEqual({ approvals: 3, rejections: 2, teams: [], allowSelfApproval: true });
    expect(reviewRuleOf({ sla: { due: "PT1H" } })).toBeNull();
    expect(reviewRuleOf(undefined)).toBeNull();
  });

  it("counts approve-like events as approvals, reject-like as rejections, and nothing else", () => {
    expect(["approve", "approve_with_conditions", "APPROVED"].map(voteKindOf)).toEqual(["approve", "approve", "approve"]);
    expect(["reject", "reject_fraud"].map(voteKindOf)).toEqual(["reject", "reject"]);
    expect(["revision", "escalate", "data_updated"].map(voteKindOf)).toEqual([null, null, null]);
  });
});
