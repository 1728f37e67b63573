import { describe, expect, it } from "vitest";
import type { CastVote } from "../../runtime/state-votes";
import { castBallot, voteRefusal, type FourEyes } from "./ballot";

const ana = { id: "u-ana", name: "Ana" };
const bo = { id: "u-bo", name: "Bo" };
const cy = { id: "u-cy", name: "Cy" };
const vote = (user: { id: string; name: string }, kind: CastVote["vote"]): CastVote => ({ userId: user.id, name: user.name, vote: kind, reason: null, at: "2026-01-01T00:00:00.000Z" });

function state(over: Partial<FourEyes> = {}): FourEyes {
  return {
    state: "manual_review",
    rule: { approvals: 2, rejections: 1, teams: [], allowSelfApproval: false },
    visit: 1,
    votes: [],
    voter: { member: true, authored: null },
    ...over,
  };
}

describe("castBallot", () => {
  it("counts approvals until the required number decides, listing the approvers oldest first", () => {
    expect(castBallot(state(), ana, "approve")).toEqual({ kind: "approve", deciding: false, approvals: 1, rejections: 0, approvers: [] });
    expect(castBallot(state({ votes: [vote(ana, "approve")] }), bo, "approve")).toEqual({ kind: "approve", deciding: true, approvals: 2, rejections: 0, approvers: [{ id: ana.id, name: "Ana" }, { id: bo.id, name: "Bo" }] });
  });

  it("decides a rejection with one vote by default, and with `rejections` votes when set", () => {
    expect(castBallot(state({ votes: [vote(ana, "approve")] }), bo, "reject")).toMatchObject({ kind: "reject", deciding: true, approvals: 1, rejections: 1, approvers: [] });
    const two = state({ rule: { approvals: 2, rejections: 2, teams: [], allowSelfApproval: false } });
    expect(castBallot(two, ana, "reject")).toMatchObject({ deciding: false, rejections: 1 });
    expect(castBallot({ ...two, votes: [vote(ana, "reject")] }, bo, "reject")).toMatchObject({ deciding: true, rejections: 2 });
  });

  it("lets an event that is no vote (a revision request) decide at once", () => {
    expect(castBallot(state({ votes: [vote(ana, "approve")] }), ana, "revision")).toEqual({ kind: null, deciding: true, approvals: 1, rejections: 0, approvers: [] });
  });

  it("refuses a second vote by the same person, of either kind, with four_eyes_required", () => {
    const f = state({ votes: [vote(ana, "approve")] });
    for (const event of ["approve", "reject"]) {
      expect(() => castBallot(f, ana, event)).toThrow(expect.objectContaining({ code: "four_eyes_required", status: 403, message: expect.stringMatching(/You already approved this case in state 'manual_review'; each person votes once/) }));
    }
  });

  it("refuses the approval of the case's creator or data editor, first or deciding, unless allowSelfApproval; they may reject", () => {
    const created = state({ voter: { member: true, authored: "created" } });
    expect(() => castBallot(created, cy, "approve")).toThrow(/You created this case, so your approval cannot count \(four-eyes rule: meta.review.allowSelfApproval is false\)/);
    expect(() => castBallot({ ...created, votes: [vote(ana, "approve")] }, cy, "approve")).toThrow(/four-eyes rule/);
    expect(() => castBallot(state({ voter: { member: true, authored: "changed" } }), cy, "approve")).toThrow(/You changed this case's data/);
    expect(castBallot(created, cy, "reject")).toMatchObject({ kind: "reject", deciding: true });
    const allowed = { ...created, rule: { ...created.rule, allowSelfApproval: true }, votes: [vote(ana, "approve")] };
    expect(castBallot(allowed, cy, "approve")).toMatchObject({ deciding: true, approvals: 2 });
  });

  it("refuses anyone outside the state's teams, for votes and other decisions alike", () => {
    const outside = state({ rule: { approvals: 2, rejections: 1, teams: ["senior", "compliance"], allowSelfApproval: false }, voter: { member: false, authored: null } });
    for (const event of ["approve", "reject", "revision"]) {
      expect(() => castBallot(outside, ana, event)).toThrow(/Only members of the teams 'senior' or 'compliance' may decide cases in state 'manual_review' \(four-eyes rule: meta.review.teams\)/);
    }
  });
});

describe("voteRefusal", () => {
  it("says nothing to an eligible voter and names the rule to the others, kind by kind", () => {
    const f = state({ votes: [vote(ana, "approve")], voter: { member: true, authored: "created" } });
    expect(voteRefusal(f, bo, "reject")).toBeNull();
    expect(voteRefusal(f, bo, "approve")).toMatch(/You created this case/);
    expect(voteRefusal(f, ana, "reject")).toMatch(/You already approved/);
    expect(voteRefusal(state(), bo, null)).toBeNull();
  });
});
