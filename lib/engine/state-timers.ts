import type { CompiledTimer } from "./compiled-workflow";
import { parseDuration } from "./duration";
import { isPlainObject, pointer } from "./json-utils";
import type { StateEntry } from "./state-tree";

type Report = (pointer: string, code: string, message: string) => void;

/**
 * The `after` entries of a validated state, in document order, with their delays.
 *
 * @example
 * timersOf({ json: { after: { PT30S: "remind" } } } as StateEntry) // [{ delay: "PT30S", delayMs: 30000 }]
 */
export function timersOf(entry: StateEntry): CompiledTimer[] {
  const after = isPlainObject(entry.json.after) ? entry.json.after : {};
  return Object.keys(after).flatMap((delay) => {
    const parsed = parseDuration(delay);
    return "ms" in parsed ? [{ delay, delayMs: parsed.ms }] : [];
  });
}

/**
 * The `meta.sla` of a validated state: `{ due, warnBefore? }` in milliseconds, or null.
 *
 * @example
 * slaOf({ due: "PT48H", warnBefore: "PT12H" }) // { dueMs: 172800000, warnBeforeMs: 43200000 }
 */
export function slaOf(meta: unknown): { dueMs: number; warnBeforeMs: number | null } | null {
  const sla = isPlainObject(meta) ? meta.sla : undefined;
  if (!isPlainObject(sla)) return null;
  const due = parseDuration(sla.due);
  if (!("ms" in due)) return null;
  const warn = sla.warnBefore === undefined ? null : parseDuration(sla.warnBefore);
  return { dueMs: due.ms, warnBeforeMs: warn && "ms" in warn ? warn.ms : null };
}

/** Reports `after` keys that are not delays (their transitions are checked like `on`'s by the caller). */
export function checkAfterDelays(entry: StateEntry, report: Report): void {
  const after = entry.json.after;
  const at = pointer(entry.pointer, "after");
  if (!isPlainObject(after)) {
    report(at, "after_invalid", `'after' of '${entry.path}' must map delays to targets, e.g. { "PT48H": "escalate" }`);
    return;
  }
  if (entry.json.type === "final") report(at, "after_invalid", `final state '${entry.path}' cannot have 'after' timers; remove 'after' or "type": "final"`);
  for (const delay of Object.keys(after)) {
    const parsed = parseDuration(delay);
    if ("error" in parsed) report(pointer(at, delay), "delay_invalid", `'after' of '${entry.path}': ${parsed.error}`);
  }
}

/** Reports a `meta.sla` that is not `{ due, warnBefore? }` with valid delays and `warnBefore` < `due`. */
export function checkSla(entry: StateEntry, sla: unknown, report: Report): void {
  const at = pointer(entry.pointer, "meta", "sla");
  if (!isPlainObject(sla)) return report(at, "sla_invalid", `'meta.sla' of '${entry.path}' must be { "due": "PT48H", "warnBefore": "PT12H" } (warnBefore optional)`);
  if (entry.json.type === "final") report(at, "sla_invalid", `final state '${entry.path}' cannot have a deadline; remove 'meta.sla'`);
  for (const key of Object.keys(sla)) {
    if (key !== "due" && key !== "warnBefore") report(pointer(at, key), "sla_invalid", `'meta.sla' takes 'due' and 'warnBefore' only; remove '${key}'`);
  }
  const due = parseDuration(sla.due);
  if ("error" in due) report(pointer(at, "due"), "delay_invalid", sla.due === undefined ? `'meta.sla' of '${entry.path}' needs 'due', e.g. "PT48H"` : `'meta.sla.due' of '${entry.path}': ${due.error}`);
  if (sla.warnBefore === undefined) return;
  const warn = parseDuration(sla.warnBefore);
  if ("error" in warn) return report(pointer(at, "warnBefore"), "delay_invalid", `'meta.sla.warnBefore' of '${entry.path}': ${warn.error}`);
  if ("ms" in due && warn.ms >= due.ms) {
    report(pointer(at, "warnBefore"), "sla_invalid", `'meta.sla.warnBefore' (${String(sla.warnBefore)}) must be shorter than 'due' (${String(sla.due)}): the warning comes before the deadline`);
  }
}
