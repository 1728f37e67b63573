import { describe, expect, it } from "vitest";
import { chooseAssignee } from "./choose-assignee";

const ann = { id: "a", email: "ann@x.test" };
const bob = { id: "b", email: "bob@x.test" };
const cid = { id: "c", email: "cid@x.test" };

describe("chooseAssignee", () => {
  it("round robin: the member after the last one in e-mail order, wrapping around", () => {
    expect(chooseAssignee([cid, ann, bob], null, "round_robin")).toBe(ann);
    expect(chooseAssignee([cid, ann, bob], ann.email, "round_robin")).toBe(bob);
    expect(chooseAssignee([cid, ann, bob], bob.email, "round_robin")).toBe(cid);
    expect(chooseAssignee([cid, ann, bob], cid.email, "round_robin")).toBe(ann);
  });

  it("round robin: a last assignee who left the queue still marks the place", () => {
    expect(chooseAssignee([ann, cid], bob.email, "round_robin")).toBe(cid);
    expect(chooseAssignee([ann, bob], "zed@x.test", "round_robin")).toBe(ann);
  });

  it("least loaded: the fewest open cases, ties taken in round-robin order after the last assignee", () => {
    expect(chooseAssignee([ann, bob, cid], null, "least_loaded", new Map([["a", 3], ["b", 1], ["c", 2]]))).toBe(bob);
    expect(chooseAssignee([ann, bob, cid], null, "least_loaded", new Map([["a", 2], ["b", 2], ["c", 2]]))).toBe(ann);
    expect(chooseAssignee([ann, bob, cid], ann.email, "least_loaded", new Map([["a", 2], ["b", 2], ["c", 2]]))).toBe(bob);
    expect(chooseAssignee([ann, bob, cid], bob.email, "least_loaded", new Map([["a", 1], ["c", 1]]))).toBe(bob);
  });

  it("nobody to choose from", () => {
    expect(chooseAssignee([], null, "round_robin")).toBeNull();
    expect(chooseAssignee([], "ann@x.test", "least_loaded")).toBeNull();
  });
});
