import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * Run `fn` in a transaction. When `db` already is one (an idempotent request opens the transaction its key is
 * written in, then hands it to the work), `fn` joins it: no savepoint, and everything commits or rolls back
 * together with the caller's writes.
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (db instanceof PgTransaction) return fn(db as unknown as Db);
  return db.transaction((tx) => fn(tx as unknown as Db));
}

/** Whether `db` is a transaction (work given one joins it) rather than a database handle. */
export function isTransaction(db: Db): boolean {
  return db instanceof PgTransaction;
}
