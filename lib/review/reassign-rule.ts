/**
 * Whether an assignment change takes the case from the person who holds it, and so needs a written reason:
 * handing your own case to someone else, or an admin taking a case away from its assignee (to someone else, to
 * themself, or to no one). Claiming a free case and releasing your own need none.
 *
 * @example
 * needsReassignReason({ assigneeId: "rita" }, "rita", null) // false: Rita releases her case
 * needsReassignReason({ assigneeId: "rita" }, "rita", "sam") // true: Rita hands it to Sam
 * needsReassignReason({ assigneeId: null }, "admin", "sam") // false: nobody held it
 */
export function needsReassignReason(current: { assigneeId: string | null }, actorId: string, to: string | null): boolean {
  if (current.assigneeId === null || current.assigneeId === to) return false;
  return !(to === null && current.assigneeId === actorId);
}
