import { asc, gt } from "drizzle-orm";
import type { Db } from "../db/client";
import { auditEvents } from "../db/schema";
import { auditHash, GENESIS_HASH } from "./audit-hash";

export type ChainReport = { ok: true; count: number; projects: number } | { ok: false; id: number; projectId: string; reason: string; count: number };

const PAGE = 1000;

/**
 * Recompute every project's chain in id order: each row's `prev_hash` must be the hash of the project's previous
 * row (the empty string for its first) and its `hash` must match its fields. Reports the first row that does not.
 */
export async function verifyAuditChain(db: Db): Promise<ChainReport> {
  const lastHash = new Map<string, string>();
  let after = 0;
  let count = 0;
  for (;;) {
    const rows = await db.select().from(auditEvents).where(gt(auditEvents.id, after)).orderBy(asc(auditEvents.id)).limit(PAGE);
    for (const row of rows) {
      const expectedPrev = lastHash.get(row.projectId) ?? GENESIS_HASH;
      if (row.prevHash !== expectedPrev) return { ok: false, id: row.id, projectId: row.projectId, reason: "prev_hash does not match the previous row's hash", count };
      if (auditHash(row) !== row.hash) return { ok: false, id: row.id, projectId: row.projectId, reason: "hash does not match the row's fields", count };
      lastHash.set(row.projectId, row.hash);
      count += 1;
    }
    if (rows.length < PAGE) return { ok: true, count, projects: lastHash.size };
    after = rows[rows.length - 1]!.id;
  }
}
