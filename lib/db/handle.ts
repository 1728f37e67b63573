import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DbKind = "pglite" | "postgres";

/** A connected database: the Drizzle handle plus what the worker needs (LISTEN/NOTIFY) and a way to close. */
export interface DbHandle {
  db: Db;
  kind: DbKind;
  /**
   * Subscribe to a NOTIFY channel; resolves (once LISTEN is in effect) to an unsubscribe function.
   * `onRelisten` is called when LISTEN was re-established after its connection dropped: notifications sent in
   * between are lost, so a subscriber that caches must re-check.
   */
  listen(channel: string, onNotify: (payload: string) => void, onRelisten?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
