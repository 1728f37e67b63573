import { describe, expect, it } from "vitest";
import type { Db } from "../db/client";
import { currentScope, newScope, runInScope } from "../observability/request-scope";
import type { Outcome } from "./outcome";
import { groupPerTurn } from "./turn-group";
import { rejection } from "../../tests/support/thrown";

// The handle only keys the groups here: nothing is written.
const dbA = {} as Db;
const dbB = {} as Db;

/** What PostgreSQL's refusal of a statement looks like (a SQLSTATE), as Drizzle wraps it. */
const refusal = (message: string) => Object.assign(new Error(message), { cause: Object.assign(new Error("duplicate key"), { code: "23505" }) });

/** A writer that records each group it gets and answers each item doubled, refusing odd numbers. */
function recordingWriter(failWhen: (items: number[]) => boolean = () => false, error: (message: string) => Error = refusal) {
  const groups: { items: number[]; requestIds: (string | undefined)[] }[] = [];
  const write = groupPerTurn(async (_db: Db, items: number[], inScope) => {
    groups.push({ items, requestIds: inScope.map((s) => s(() => currentScope()?.requestId)) });
    if (failWhen(items)) throw error(`refused ${items.join(",")}`);
    return items.map((n): Outcome<number> => (n % 2 ? { ok: false, error: new Error(`odd ${n}`) } : { ok: true, value: n * 2 }));
  });
  return { groups, write };
}

describe("groupPerTurn", () => {
  it("hands the calls of one turn, handle and key to the writer once, in call order, and settles each with its own outcome", async () => {
    const { groups, write } = recordingWriter();
    const settled = await Promise.allSettled([write(dbA, "p", 2), write(dbA, "p", 3), write(dbA, "p", 4)]);
    expect(groups.map((g) => g.items)).toEqual([[2, 3, 4]]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([4, "odd 3", 8]);
  });

  it("keeps other keys, other handles and later turns apart", async () => {
    const { groups, write } = recordingWriter();
    await Promise.all([write(dbA, "p", 2), write(dbA, "q", 4), write(dbB, "p", 6)]);
    await write(dbA, "p", 8);
    expect(groups.map((g) => g.items)).toEqual([[2], [4], [6], [8]]);
  });

  it("gives the writer each item's own scope", async () => {
    const { groups, write } = recordingWriter();
    await Promise.all([runInScope(newScope("req-a"), () => write(dbA, "p", 2)), runInScope(newScope("req-b"), () => write(dbA, "p", 4)), write(dbA, "p", 6)]);
    expect(groups).toEqual([{ items: [2, 4, 6], requestIds: ["req-a", "req-b", undefined] }]);
  });

  it("writes each item of a group the database refused again alone: only the item that fails gets the error", async () => {
    const { groups, write } = recordingWriter((items) => items.includes(6));
    const settled = await Promise.allSettled([write(dbA, "p", 2), write(dbA, "p", 6), write(dbA, "p", 4)]);
    expect(groups.map((g) => g.items)).toEqual([[2, 6, 4], [2], [6], [4]]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : (s.reason as Error).message))).toEqual([4, "refused 6", 8]);
  });

  it("rejects every item of a group with an error that may have followed a commit (a lost connection), writing none again", async () => {
    const { groups, write } = recordingWriter((items) => items.includes(6), (message) => Object.assign(new Error(message), { code: "CONNECTION_CLOSED" }));
    const settled = await Promise.allSettled([write(dbA, "p", 2), write(dbA, "p", 6)]);
    expect(groups.map((g) => g.items)).toEqual([[2, 6]]);
    expect(settled.map((s) => (s.status === "rejected" ? (s.reason as Error).message : "written"))).toEqual(["refused 2,6", "refused 2,6"]);
  });

  it("runs a lone item's writer in that item's scope", async () => {
    const seen: (string | undefined)[] = [];
    const write = groupPerTurn(async (_db: Db, items: number[], inScope) => {
      seen.push(currentScope()?.requestId, ...inScope.map((s) => s(() => currentScope()?.requestId)));
      return items.map((n): Outcome<number> => ({ ok: true, value: n }));
    });
    await runInScope(newScope("req-alone"), () => write(dbA, "p", 1));
    expect(seen).toEqual(["req-alone", "req-alone"]);
  });

  it("hands at most 500 items to one call of the writer", async () => {
    const { groups, write } = recordingWriter();
    await Promise.all(Array.from({ length: 1001 }, (_, i) => write(dbA, "p", i * 2)));
    expect(groups.map((g) => g.items.length)).toEqual([500, 500, 1]);
    expect(groups.flatMap((g) => g.items)).toEqual(Array.from({ length: 1001 }, (_, i) => i * 2));
    groups.length = 0;
    await Promise.all(Array.from({ length: 1000 }, (_, i) => write(dbA, "p", i * 2)));
    expect(groups.map((g) => g.items.length)).toEqual([500, 500]);
  });

  it("rejects a lone item with the writer's error", async () => {
    const { write } = recordingWriter(() => true);
    expect(((await rejection(write(dbA, "p", 2))) as Error).message).toBe("refused 2");
  });
});
