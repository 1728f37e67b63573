import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { openPostgres } from "./open";
import { rowsOf } from "./rows";
import type { DbHandle } from "./client";

const onPostgres = process.env.TEST_DB_KIND === "postgres";
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

/**
 * The parameterised statements prepared on the one pooled connection after running two queries twice each,
 * in and out of a transaction (postgres.js also prepares its own `begin`/`commit`; they have no parameters).
 */
async function preparedAfterQueries(handle: DbHandle): Promise<string[]> {
  for (let i = 0; i < 2; i++) {
    expect(rowsOf<{ n: number }>(await handle.db.execute(sql`select ${i}::int as n`))[0].n).toBe(i);
    await handle.db.transaction(async (tx) => void (await tx.execute(sql`select ${i}::int + 1 as n`)));
  }
  const rows = rowsOf<{ statement: string }>(await handle.db.execute(sql`select statement from pg_prepared_statements order by statement`));
  return rows.map((r) => r.statement).filter((text) => text.includes("$1"));
}

describe.skipIf(!onPostgres)("prepared statements on PostgreSQL", () => {
  it("are named and reused for parameterised queries, in and out of transactions", async () => {
    const handle = await openPostgres(t.url!, { max: 1 });
    try {
      // Once each: the second run of each query reused its statement.
      expect(await preparedAfterQueries(handle)).toEqual(["select $1::int + 1 as n", "select $1::int as n"]);
    } finally {
      await handle.close();
    }
  });

  it("are not used with DB_PREPARED_STATEMENTS=false (poolers in transaction mode)", async () => {
    const handle = await openPostgres(t.url!, { max: 1, preparedStatements: false });
    try {
      expect(await preparedAfterQueries(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
