type P = Record<string, unknown> | null;
const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));
const MODES: Record<string, string> = { round_robin: "round robin", least_loaded: "least loaded" };

/**
 * The timeline's title of an `assignment` history row: a claim or release, a reassignment with its reason, or
 * an automatic assignment with its mode and queue.
 *
 * @example
 * assignmentTitle({ from: "u1", to: "u2", reason: "On leave" }, nameOf) // "Reassigned from Rita to Sam — “On leave”"
 */
export function assignmentTitle(p: P, nameOf: (id: string) => string): string {
  const to = p?.to ? nameOf(s(p.to)) : null;
  if (p?.mode) return `Assigned to ${to} automatically (${MODES[s(p.mode)] ?? s(p.mode)}${p.queueName ? `, queue “${s(p.queueName)}”` : ""})`;
  if (p?.reason) {
    const from = p.from ? nameOf(s(p.from)) : "nobody";
    return `${to ? `Reassigned from ${from} to ${to}` : `Unassigned from ${from}`} — “${s(p.reason)}”`;
  }
  return to ? `Assigned to ${to}` : "Unassigned";
}
