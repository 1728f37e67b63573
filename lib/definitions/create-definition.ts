import { and, eq, sql } from "drizzle-orm";
import type { CreateDefinitionRequest } from "../api/schemas/definitions";
import { AppError } from "../errors";
import type { Db } from "../db/client";
import { workflowDefinitions, type WorkflowDefinition } from "../db/schema";
import { validateDefinition } from "../engine";
import { isUniqueViolation } from "../db/unique-violation";

const MAX_ATTEMPTS = 50;

/**
 * Store a definition as the next version of its `id` in the project (1 for a new id) and return the row.
 * The engine validates it first: 422 `definition_invalid` with one `{ path, message }` per problem.
 * Concurrent posts of one id get distinct consecutive versions: the version is computed in the INSERT and
 * a collision on the primary key (project_id, id, version) is retried. With `input.version` the caller
 * asks for exactly that version (optimistic concurrency): 409 `version_conflict` unless it is latest + 1.
 * New runs use the new version at once; running instances keep theirs.
 */
export async function createDefinition(db: Db, projectId: string, input: CreateDefinitionRequest): Promise<WorkflowDefinition> {
  const problems = validateDefinition(input);
  if (problems.length) {
    const errors = problems.map((p) => ({ path: p.pointer, message: p.message }));
    const summary = errors.length === 1 ? `${errors[0].path || "/"}: ${errors[0].message}` : `${errors.length} problems; see errors`;
    throw new AppError("definition_invalid", `The workflow definition is invalid: ${summary}.`, { errors: errors });
  }
  const row = {
    projectId,
    id: input.id,
    name: input.name,
    definitionType: input.definitionType,
    definition: input.definition,
    extensions: input.extensions ?? {},
    config: (input.config ?? {}) as Record<string, unknown>,
    contextSchema: input.contextSchema ?? null,
    documentsSchema: input.documentsSchema ?? null,
  };
  if (input.version !== undefined) return insertExactVersion(db, row, input.version);
  const next = sql`(select coalesce(max(w.version), 0) + 1 from workflow_definitions w where w.project_id = ${projectId} and w.id = ${input.id})`;
  for (let attempt = 1; ; attempt++) {
    try {
      // A savepoint inside a caller's transaction (the audited save), so a lost race does not abort it.
      const [stored] = await db.transaction((tx) => tx.insert(workflowDefinitions).values({ ...row, version: next }).returning());
      return stored;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MAX_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

async function insertExactVersion(db: Db, row: Omit<WorkflowDefinition, "version" | "createdAt">, version: number): Promise<WorkflowDefinition> {
  const [latest] = await db
    .select({ version: sql<number>`coalesce(max(${workflowDefinitions.version}), 0)::int` })
    .from(workflowDefinitions)
    .where(and(eq(workflowDefinitions.projectId, row.projectId), eq(workflowDefinitions.id, row.id)));
  const stale = () =>
    new AppError("version_conflict", `Version ${version} of '${row.id}' cannot be created: the latest version is ${latest.version}; send version ${latest.version + 1} or omit version.`, { status: 409, errors: [
      { path: "/version", message: `expected ${latest.version + 1}` },
    ] });
  if (version !== latest.version + 1) throw stale();
  try {
    const [stored] = await db.insert(workflowDefinitions).values({ ...row, version }).returning();
    return stored;
  } catch (error) {
    if (isUniqueViolation(error)) throw stale();
    throw error;
  }
}
