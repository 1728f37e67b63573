/** A member a queue can assign cases to, in round-robin order (by e-mail). */
export interface QueueMember {
  id: string;
  email: string;
}

/** How a queue assigns the cases that enter it (`filters.assignment`), besides `manual`. */
export type AutoAssignmentMode = "round_robin" | "least_loaded";

/**
 * The member a queue's next case goes to. Members are taken in e-mail order starting after the one assigned last
 * (`lastEmail`, whether or not they are still a member; from the start when null): `round_robin` takes the first
 * of that order, `least_loaded` the one with the fewest open cases (`loads`, absent = 0), the earliest in that
 * order among equals. Null when there is no member.
 *
 * @example
 * const m = [{ id: "a", email: "ann@x" }, { id: "b", email: "bob@x" }, { id: "c", email: "cid@x" }];
 * chooseAssignee(m, "bob@x", "round_robin") // m[2]
 * chooseAssignee(m, "bob@x", "least_loaded", new Map([["c", 4], ["a", 1]])) // m[1]: bob has none
 */
export function chooseAssignee(members: QueueMember[], lastEmail: string | null, mode: AutoAssignmentMode, loads: ReadonlyMap<string, number> = new Map()): QueueMember | null {
  const sorted = [...members].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
  const start = lastEmail === null ? 0 : sorted.findIndex((m) => m.email > lastEmail);
  const order = start <= 0 ? sorted : [...sorted.slice(start), ...sorted.slice(0, start)];
  if (mode === "round_robin") return order[0] ?? null;
  let best: QueueMember | null = null;
  for (const m of order) if (best === null || (loads.get(m.id) ?? 0) < (loads.get(best.id) ?? 0)) best = m;
  return best;
}
