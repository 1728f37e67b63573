import { AppError } from "../errors";

/**
 * Opaque keyset cursors for lists ordered by one text key (an id, a name): base64url of `[listing, key]`, so a
 * cursor of one listing is refused by another.
 *
 * @example
 * const next = encodeKeyCursor("definitions", "kyb_example"); // "WyJkZWZpbml0aW9ucyIsImt5Yl9leGFtcGxlIl0"
 * decodeKeyCursor(next, "definitions"); // "kyb_example"
 */
export function encodeKeyCursor(listing: string, key: string): string {
  return Buffer.from(JSON.stringify([listing, key]), "utf8").toString("base64url");
}

/**
 * The key of a cursor made by `encodeKeyCursor(listing, …)` (and accepted by `valid`, when given); 422
 * `invalid_cursor` for anything else.
 */
export function decodeKeyCursor(raw: string, listing: string, valid: (key: string) => boolean = () => true): string {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 2 && value[0] === listing && typeof value[1] === "string" && value[1].length <= 1000 && !value[1].includes("\u0000") && valid(value[1])) {
      return value[1];
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("invalid_cursor", "The cursor is not valid for this listing; pass the nextCursor of the previous page unchanged.", { errors: [
    { path: "/cursor", message: "not a cursor issued by this listing" },
  ] });
}
