import { AppError } from "../errors";
import type { Db } from "../db/client";
import { getFilterOrThrow, type FilterResponse } from "../filters";

/** The project's filter (queue) `id`, or null when it does not exist (pages answer 404 then). */
export async function findQueue(db: Db, projectId: string, id: string): Promise<FilterResponse | null> {
  try {
    return await getFilterOrThrow(db, projectId, id);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}
