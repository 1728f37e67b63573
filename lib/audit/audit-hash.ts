import { createHash } from "node:crypto";
import { canonicalJson } from "./canonical-json";

/** The `prev_hash` of a project's first audit row. */
export const GENESIS_HASH = "";

/** The fields of an audit row that its hash covers: all but `id` (given by the database) and `hash` itself (other members of `row` are ignored). */
export interface HashedAuditFields {
  projectId: string;
  at: Date;
  actorType: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  requestId: string | null;
  summary: Record<string, unknown>;
  prevHash: string;
}

/**
 * `sha256(prevHash + canonical JSON of the row's other fields)`, hex. `audit:verify` recomputes it from the stored
 * row, so a changed field, a removed row or a reordered chain no longer matches.
 */
export function auditHash(row: HashedAuditFields): string {
  const { projectId, at, actorType, actorId, actorName, action, targetType, targetId, requestId, summary } = row;
  const fields = { projectId, at, actorType, actorId, actorName, action, targetType, targetId, requestId, summary };
  return createHash("sha256").update(row.prevHash + canonicalJson(fields)).digest("hex");
}
