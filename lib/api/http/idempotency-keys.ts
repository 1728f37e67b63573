import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";

/** How long a key's record (and so its replay) lasts. */
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;

/** The hash a key's record keeps of the request body (the parsed body as JSON text), to tell a replay from a reuse. */
export function requestHashOf(bodyText: string): string {
  return createHash("sha256").update(bodyText).digest("hex");
}

/** A key as one request claims it: the endpoint scope, the caller's key, and the hash of the request body. */
export interface KeyClaim {
  scope: string;
  key: string;
  requestHash: string;
}

/** A committed record: the body hash it was stored for and the answer it replays. */
export interface StoredKey {
  requestHash: string;
  status: number;
  body: unknown;
}

/** One string per key, to find it in the sets and maps below. */
export const keyIdOf = (k: { scope: string; key: string }): string => `${k.scope}\n${k.key}`;

/**
 * Contract: inserts the keys' records (`in_progress`) in the caller's transaction, in (scope, key) order, and answers
 * the ids (`keyIdOf`) of the keys this transaction now owns. A record another transaction inserted and has not
 * committed blocks here until that one ends: committed, the key is not owned (its answer is replayed); rolled back,
 * it is. An expired record is taken over, and so is an `in_progress` one (only earlier releases could commit one).
 * Two transactions that claim overlapping keys claim them in one order, so they never deadlock on them. The keys
 * must be distinct.
 */
export async function claimKeys(tx: Db, projectId: string, claims: KeyClaim[], expiresAt: Date): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const sorted = [...claims].sort((a, b) => compare(a.scope, b.scope) || compare(a.key, b.key));
  const json = JSON.stringify(sorted.map((c) => ({ s: c.scope, k: c.key, h: c.requestHash })));
  const rows = rowsOf<{ scope: string; key: string }>(
    await tx.execute(sql`insert into idempotency_keys (project_id, scope, key, request_hash, status, expires_at)
      select ${projectId}::text, r.v->>'s', r.v->>'k', r.v->>'h', 'in_progress', ${expiresAt.toISOString()}::timestamptz
      from jsonb_array_elements(${json}::jsonb) with ordinality as r(v, n) order by r.n
      on conflict (project_id, scope, key) do update set request_hash = excluded.request_hash, status = 'in_progress',
        response_status = null, response_body = null, created_at = now(), expires_at = excluded.expires_at
        where idempotency_keys.expires_at < now() or idempotency_keys.status = 'in_progress'
      returning scope, key`),
  );
  return new Set(rows.map(keyIdOf));
}

/** Contract: the unexpired records of `keys` by id (`keyIdOf`); a key without one is missing. */
export async function readKeys(tx: Db, projectId: string, keys: { scope: string; key: string }[]): Promise<Map<string, StoredKey>> {
  if (keys.length === 0) return new Map();
  const json = JSON.stringify(keys.map((k) => ({ s: k.scope, k: k.key })));
  const rows = rowsOf<{ scope: string; key: string; request_hash: string; response_status: number | null; response_body: unknown }>(
    await tx.execute(sql`select i.scope, i.key, i.request_hash, i.response_status, i.response_body
      from idempotency_keys i join jsonb_to_recordset(${json}::jsonb) as r(s text, k text) on i.scope = r.s and i.key = r.k
      where i.project_id = ${projectId}::text and i.expires_at >= now()`),
  );
  const body = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
  return new Map(rows.map((r) => [keyIdOf(r), { requestHash: r.request_hash, status: r.response_status ?? 200, body: body(r.response_body) }]));
}

/**
 * Contract: in the caller's transaction, one statement completes the owned keys whose work succeeded, with the answer
 * each replays (stored as `json` text, so a replay keeps the answer's key order), and deletes the owned keys whose
 * work failed (a failed request is not remembered; the caller may retry it with the same key).
 */
export async function settleKeys(
  tx: Db,
  projectId: string,
  completed: { scope: string; key: string; status: number; body: unknown }[],
  failed: { scope: string; key: string }[],
): Promise<void> {
  if (completed.length === 0 && failed.length === 0) return;
  const done = JSON.stringify(completed.map((c) => ({ s: c.scope, k: c.key, st: c.status, b: JSON.stringify(c.body) })));
  const gone = JSON.stringify(failed.map((f) => ({ s: f.scope, k: f.key })));
  await tx.execute(sql`with done as (
      update idempotency_keys i set status = 'completed', response_status = (r.v->>'st')::int, response_body = (r.v->>'b')::json
      from jsonb_array_elements(${done}::jsonb) as r(v)
      where i.project_id = ${projectId}::text and i.scope = r.v->>'s' and i.key = r.v->>'k'
      returning 1),
    gone as (
      delete from idempotency_keys i using jsonb_array_elements(${gone}::jsonb) as r(v)
      where i.project_id = ${projectId}::text and i.scope = r.v->>'s' and i.key = r.v->>'k'
      returning 1)
    select 1`);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
