import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { rowsOf } from "./rows";
import { openPostgres } from "./open";
import type { DbHandle } from "./client";

// statement_timeout and idle_in_transaction_session_timeout are startup parameters of every pooled connection to
// a PostgreSQL server. PGlite is one in-process connection without timers: nothing to test there.
const onServer = process.env.TEST_DB_KIND === "postgres";
let t: TestDatabase;
let limited: DbHandle;

beforeAll(async () => {
  t = await openTestDatabase();
  if (onServer) limited = await openPostgres(t.url!, { max: 2, statementTimeoutMs: 300, idleInTransactionTimeoutMs: 400 });
});

afterAll(async () => {
  await limited?.close();
  await t?.dispose();
});

describe.runIf(onServer)("PostgreSQL session limits", () => {
  it("every connection carries the configured limits", async () => {
    const [row] = rowsOf<{ statement_timeout: string; idle: string }>(
      await limited.db.execute(sql`select current_setting('statement_timeout') as statement_timeout, current_setting('idle_in_transaction_session_timeout') as idle`),
    );
    expect(row).toEqual({ statement_timeout: "300ms", idle: "400ms" });
  });

  it("a statement over statement_timeout is cancelled, and the pool serves the next one", async () => {
    const started = Date.now();
    await expect(limited.db.execute(sql`select pg_sleep(3)`)).rejects.toMatchObject({ cause: expect.objectContaining({ code: "57014" }) });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(rowsOf(await limited.db.execute(sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
  });

  it("a transaction left idle past the limit is ended by the server, releasing its locks", async () => {
    const tx = limited.db.transaction(async (inner) => {
      await inner.execute(sql`select 1`);
      await new Promise((r) => setTimeout(r, 1_000));
      await inner.execute(sql`select 1`);
    });
    await expect(tx).rejects.toBeTruthy();
    expect(rowsOf(await limited.db.execute(sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
  });
});
