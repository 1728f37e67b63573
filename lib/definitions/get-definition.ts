import { and, desc, eq, lt } from "drizzle-orm";
import { notFound } from "../errors";
import { decodeKeyCursor, encodeKeyCursor } from "../db/key-cursor";
import type { ListVersionsQuery } from "../api/schemas";
import type { Db } from "../db/client";
import { workflowDefinitions, type WorkflowDefinition } from "../db/schema";

/** The latest version of a definition (or `version`), or null. */
export async function findDefinition(db: Db, projectId: string, id: string, version?: number): Promise<WorkflowDefinition | null> {
  if (version !== undefined && !(Number.isInteger(version) && version >= 1 && version <= 2_147_483_647)) return null;
  const w = workflowDefinitions;
  const scope = and(eq(w.projectId, projectId), eq(w.id, id), version === undefined ? undefined : eq(w.version, version));
  const [row] = await db.select().from(w).where(scope).orderBy(desc(w.version)).limit(1);
  return row ?? null;
}

/**
 * The latest version of a definition of the project (or exactly `version`); 404 `not_found` otherwise.
 *
 * @example
 * const def = await getDefinitionOrThrow(db, auth.projectId, body.workflowId, body.workflowVersion);
 */
export async function getDefinitionOrThrow(db: Db, projectId: string, id: string, version?: number): Promise<WorkflowDefinition> {
  const row = await findDefinition(db, projectId, id, version);
  if (!row) throw notFound("Workflow definition", version === undefined ? id : `${id}' version '${version}`);
  return row;
}

/** The latest version of every definition of the project, by id. */
export async function listLatestDefinitions(db: Db, projectId: string): Promise<WorkflowDefinition[]> {
  const w = workflowDefinitions;
  return db.selectDistinctOn([w.id]).from(w).where(eq(w.projectId, projectId)).orderBy(w.id, desc(w.version));
}

/** Every version of one definition, newest first (without the bodies); 404 when the id is unknown. */
export async function listDefinitionVersions(db: Db, projectId: string, id: string) {
  const w = workflowDefinitions;
  const rows = await db
    .select({ id: w.id, version: w.version, name: w.name, createdAt: w.createdAt })
    .from(w)
    .where(and(eq(w.projectId, projectId), eq(w.id, id)))
    .orderBy(desc(w.version));
  if (!rows.length) throw notFound("Workflow definition", id);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * A page of one definition's versions, newest first (without the bodies), for `GET …/versions`; 404 when the
 * id is unknown. Keyset pagination on the version: `nextCursor` is null on the last page.
 */
export async function listDefinitionVersionsPage(db: Db, projectId: string, id: string, q: ListVersionsQuery) {
  const before = q.cursor === undefined ? undefined : Number(decodeKeyCursor(q.cursor, "versions", (k) => /^[1-9]\d{0,9}$/.test(k)));
  const w = workflowDefinitions;
  const rows = await db
    .select({ id: w.id, version: w.version, name: w.name, createdAt: w.createdAt })
    .from(w)
    .where(and(eq(w.projectId, projectId), eq(w.id, id), before === undefined ? undefined : lt(w.version, before)))
    .orderBy(desc(w.version))
    .limit(q.limit + 1);
  if (!rows.length && before === undefined) throw notFound("Workflow definition", id);
  const page = rows.slice(0, q.limit);
  return {
    data: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    nextCursor: rows.length > q.limit ? encodeKeyCursor("versions", String(page[page.length - 1].version)) : null,
  };
}
