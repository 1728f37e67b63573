import type { RuntimeSnapshot } from "../engine";
import type { HistoryInput } from "./sql/history-insert";
import type { Actor } from "./types";

/**
 * The `context_update` history row of a context patch: which JSON pointers changed (never their values) and
 * who changed them; `eventName` is the event the patch came with, or `context.patch` for a patch alone.
 */
export function contextUpdateHistory(snapshot: RuntimeSnapshot, pointers: string[], actor: Actor, eventName = "context.patch"): HistoryInput {
  return { kind: "context_update", eventName, payload: { pointers }, fromState: snapshot.state, toState: snapshot.state, actorType: actor.type, actorId: actor.id ?? null };
}
