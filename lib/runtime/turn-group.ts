import { AsyncResource } from "node:async_hooks";
import type { Db } from "../db/client";
import { isRefusedByDatabase } from "../db/refused-by-database";
import { bindCurrentScope } from "../observability/tracing";
import type { Outcome } from "./outcome";

/** Runs a function in the scope (request id, trace) of the call that handed an item in (`bindCurrentScope`). */
export type InScope = <R>(fn: () => R) => R;

/**
 * `setImmediate` from the context this module was loaded in (no request's), so a group's writer does not run in
 * the scope of whichever call happened to open the group.
 */
const atEndOfTurn = AsyncResource.bind((fn: () => void) => void setImmediate(fn));

/** Items one group hands to its writer at most (a batch request's limit). */
const MAX_GROUP = 500;

/**
 * Contract: a function through which calls made in one turn of the event loop with the same `db` and `key` are
 * handed together to `writeAll` (in call order, at most 500 at once) when the turn ends, and each call settles
 * with its own outcome. Concurrent requests then share one statement instead of one each: under load several
 * reach the database in the same turn, and a statement, its socket write and the database's work per row cost
 * far less than per request. A call made alone waits only for the end of its turn.
 *
 * `writeAll` gets each item's scope beside it, to compute the item's work in (its log lines, and the trace its
 * jobs carry). Items stay independent: when the database refuses a group of several (an error one item's data may
 * have caused; `isRefusedByDatabase`), each item is written again alone, in its own scope, so only the item that
 * fails gets the error. Any other error (a lost connection: the group may have committed) rejects every item of
 * the group with it, as it would have rejected each alone; nothing is written twice.
 */
export function groupPerTurn<I, R>(writeAll: (db: Db, items: I[], inScope: InScope[]) => Promise<Outcome<R>[]>): (db: Db, key: string, item: I) => Promise<R> {
  const open = new Map<Db, Map<string, Pending<I, R>[]>>();

  const flush = (db: Db, groups: Map<string, Pending<I, R>[]>) => {
    open.delete(db);
    for (const group of groups.values()) {
      for (let i = 0; i < group.length; i += MAX_GROUP) void write(db, group.slice(i, i + MAX_GROUP));
    }
  };

  const write = async (db: Db, group: Pending<I, R>[]) => {
    let outcomes: Outcome<R>[];
    try {
      outcomes = group.length === 1 ? await group[0].inScope(() => writeAll(db, [group[0].item], [group[0].inScope])) : await writeAll(db, group.map((p) => p.item), group.map((p) => p.inScope));
    } catch (error) {
      // Written again alone only when the database refused the group (nothing of it was stored); after any other
      // error it may have committed, and writing again could store a request twice.
      if (group.length === 1 || !isRefusedByDatabase(error)) return group.forEach((p) => p.reject(error));
      for (const p of group) void write(db, [p]);
      return;
    }
    group.forEach((p, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.error);
    });
  };

  return (db, key, item) =>
    new Promise<R>((resolve, reject) => {
      let groups = open.get(db);
      if (!groups) {
        groups = new Map();
        open.set(db, groups);
        const turn = groups;
        atEndOfTurn(() => flush(db, turn));
      }
      const pending = { item, inScope: bindCurrentScope(), resolve, reject };
      const group = groups.get(key);
      if (group) group.push(pending);
      else groups.set(key, [pending]);
    });
}

interface Pending<I, R> {
  item: I;
  inScope: InScope;
  resolve: (value: R) => void;
  reject: (error: unknown) => void;
}
