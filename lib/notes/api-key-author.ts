import { and, eq } from "drizzle-orm";
import { projectFilter } from "../db/raw-sql";
import type { Db } from "../db/client";
import { apiKeys } from "../db/schema";
import type { NoteAuthor } from "./note-view";

/** The author of a note written through the API: the key, named as it is now in the settings. */
export async function apiKeyAuthor(db: Db, key: { projectId: string; apiKeyId: string }): Promise<NoteAuthor> {
  const [row] = await db
    .select({ name: apiKeys.name })
    .from(apiKeys)
    .where(and(eq(apiKeys.id, key.apiKeyId), projectFilter(apiKeys.projectId, key.projectId)));
  return { type: "api_key", id: key.apiKeyId, name: row?.name ?? "API key" };
}
