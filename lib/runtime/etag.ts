import { AppError } from "../errors";

/** The runtime version as an ETag (`"7"`). */
export const etagOf = (version: number) => `"${version}"`;

/**
 * The version an `If-Match` header asks for (`7`, `"7"` or `W/"7"`); undefined without the header.
 * A malformed value (an unbalanced quote too) is a 400, so a typo never turns a conditional request into an unconditional one.
 */
export function ifMatchVersion(req: Request): number | undefined {
  const header = req.headers.get("if-match");
  if (header === null) return undefined;
  const match = /^\s*(?:W\/)?(?:"(\d{1,9})"|(\d{1,9}))\s*$/.exec(header);
  if (!match) {
    throw new AppError("invalid_if_match", "If-Match must be the runtime version, e.g. `If-Match: \"3\"` (see the ETag of GET /workflows/{id}).", { errors: [
      { path: "/headers/if-match", message: "a runtime version number" },
    ] });
  }
  return Number(match[1] ?? match[2]);
}

/** `ETag` of a runtime view (or of any answer with a numeric `version`); none for other answers. */
export function etagHeaders(body: unknown): Record<string, string> {
  const version = (body as { version?: unknown } | null)?.version;
  return typeof version === "number" ? { ETag: etagOf(version) } : {};
}
