import { validationFailed } from "../errors";

/** The longest reason a move or a cancel records. */
export const REPAIR_REASON_MAX = 1000;

/** The reason of a repair (move, cancel), trimmed: 1 to 1000 characters, else 422 `validation_failed` at `/reason`. */
export function repairReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length >= 1 && trimmed.length <= REPAIR_REASON_MAX) return trimmed;
  throw validationFailed(`The reason must be 1 to ${REPAIR_REASON_MAX} characters; say why.`, [{ path: "/reason", message: `write 1 to ${REPAIR_REASON_MAX} characters` }]);
}
