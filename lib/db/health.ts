import { sql } from "drizzle-orm";
import { env } from "../config/env";
import { getDbHandle, type DbKind } from "./client";

/** Probe the database with `select 1`, bounded by `timeoutMs`. Never throws. */
export async function checkDatabase(timeoutMs = 3000): Promise<{ ok: boolean; kind: DbKind; error?: string }> {
  let kind: DbKind = "pglite";
  try {
    kind = env().DATABASE_URL ? "postgres" : "pglite";
    const probe = (async () => {
      const handle = await getDbHandle();
      kind = handle.kind;
      await handle.db.execute(sql`select 1`);
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    await Promise.race([probe, timeout]).finally(() => clearTimeout(timer));
    return { ok: true, kind };
  } catch (error) {
    return { ok: false, kind, error: error instanceof Error ? error.message : String(error) };
  }
}
