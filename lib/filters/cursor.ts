import { AppError } from "../errors";

export type FilterOrder = "createdAt" | "companyName" | "dueAt";

/** Keyset position after the last row of a page: the order key and the runtime id (tie-breaker). */
export interface FilterCursor {
  orderBy: FilterOrder;
  key: string;
  id: string;
}

/** Opaque to clients: base64url of `[orderBy, key, id]`. */
export function encodeCursor(cursor: FilterCursor): string {
  return Buffer.from(JSON.stringify([cursor.orderBy, cursor.key, cursor.id]), "utf8").toString("base64url");
}

/** Decode a cursor made for `orderBy`; 422 `invalid_cursor` for anything else (tampered, other order). */
export function decodeCursor(raw: string, orderBy: FilterOrder): FilterCursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
    if (Array.isArray(value) && value.length === 3 && value[0] === orderBy && typeof value[1] === "string" && typeof value[2] === "string") {
      const [, key, id] = value as [FilterOrder, string, string];
      const keyOk = orderBy !== "createdAt" || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}$/.test(key);
      if (keyOk && key.length <= 1000 && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return { orderBy, key, id };
    }
  } catch {
    // fall through to the error below
  }
  throw new AppError("invalid_cursor", "The cursor is not valid for this listing; pass the nextCursor of the previous page unchanged.", { errors: [
    { path: "/cursor", message: "not a cursor issued by this listing (with the same orderBy)" },
  ] });
}
