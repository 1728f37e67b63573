import { z } from "zod";
import { AppError } from "../errors";
import { parseWithSchema } from "../api/http/read-json";
import { INT4_MAX } from "../api/schemas/common";
import { createDefinitionRequestSchema } from "../api/schemas/definitions";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { createDefinition } from "./create-definition";
import { toDefinitionResponse, type DefinitionResponse } from "./definition-response";
import { getDefinitionOrThrow } from "./get-definition";
import { userCaller } from "../callers/caller";
import { requireAdmin } from "../callers/require-admin";
import { checkDefinitionDocument } from "./check-definition";
import { auditedFor } from "../audit/audited-for";

/** Body of `POST /api/backoffice/definitions/{id}/versions`: the edited document and the version it was based on. */
export const saveDefinitionRequestSchema = z.strictObject({
  document: z.unknown(),
  baseVersion: z.int().min(1).max(INT4_MAX - 1),
});

export type SaveDefinitionRequest = z.output<typeof saveDefinitionRequestSchema>;

/**
 * Store an edited definition as version `baseVersion + 1` (admins only). Refused with 422 `definition_invalid`
 * listing every problem (see `checkDefinitionDocument`), 404 for a definition the project does not have, and
 * 409 `version_conflict` when someone saved another version after the editor was opened, so an edit never
 * silently replaces a newer one. New runs use the saved version at once; running cases keep theirs.
 */
export async function saveDefinitionVersion(db: Db, user: SessionUser, definitionId: string, input: SaveDefinitionRequest): Promise<DefinitionResponse> {
  await requireAdmin(db, userCaller(user), "edit workflow definitions");
  const latest = await getDefinitionOrThrow(db, user.projectId, definitionId);
  const problems = checkDefinitionDocument(input.document, definitionId);
  if (problems.length) {
    const errors = problems.map(({ path, message }) => ({ path, message }));
    const summary = errors.length === 1 ? `${errors[0].path || "/"}: ${errors[0].message}` : `${errors.length} problems; see the list`;
    throw new AppError("definition_invalid", `The definition was not saved: ${summary}.`, { errors: errors });
  }
  if (input.baseVersion !== latest.version) throw staleEdit(definitionId, input.baseVersion, latest.version);
  const body = parseWithSchema(createDefinitionRequestSchema, { ...(input.document as object), version: input.baseVersion + 1 });
  try {
    const event = { action: "definition.version_saved", target: { type: "workflow_definition", id: definitionId }, summary: { version: body.version } };
    return toDefinitionResponse(await auditedFor(db, userCaller(user), event, (tx) => createDefinition(tx, user.projectId, body)));
  } catch (error) {
    if (error instanceof AppError && error.code === "version_conflict") throw staleEdit(definitionId, input.baseVersion, input.baseVersion + 1);
    throw error;
  }
}

function staleEdit(id: string, base: number, latest: number): AppError {
  return new AppError("version_conflict", `Not saved: version ${latest} of '${id}' was saved after you opened version ${base}. Copy your changes, reload the editor, and apply them to version ${latest}.`, { status: 409, errors: [{ path: "/baseVersion", message: `expected ${latest}` }] });
}
