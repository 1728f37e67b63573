import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { throughCountingRelay } from "../../tests/support/counting-relay";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { rejection } from "../../tests/support/thrown";
import { openPostgres } from "./open";
import { rowsOf } from "./rows";
import type { Db, DbHandle } from "./client";

// `begin` on a PostgreSQL server (lib/db/pipelined-begin.ts); PGlite runs transactions in process.
const onServer = process.env.TEST_DB_KIND === "postgres";
let t: TestDatabase;

const count = async (db: Db, table: string) => rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0].n;

beforeAll(async () => {
  t = await openTestDatabase();
  if (onServer) await t.db.execute(sql`create table pipelined_begin_probe (id int primary key)`);
});

afterAll(async () => {
  await t?.dispose();
});

describe.runIf(onServer)("transactions on a PostgreSQL server", () => {
  it("send BEGIN in the same write as the first statement: a one-statement transaction is two writes, not three", async () => {
    await throughCountingRelay(t.url!, 1, async (db, sent) => {
      const insert = (id: number) => db.transaction(async (tx) => void (await tx.execute(sql`insert into pipelined_begin_probe values (${id})`)));
      // The first use of a statement on a connection describes it first (a round trip of its own).
      await insert(0);
      const before = sent();
      await insert(1);
      // BEGIN with the insert, then COMMIT.
      expect(sent() - before).toBe(2);
      expect(await count(t.db, "pipelined_begin_probe where id in (0, 1)")).toBe(2);
    });
  });

  it("commit the work's writes, or roll all of them back when it throws", async () => {
    const handle = await openPostgres(t.url!, { max: 1 });
    try {
      const result = await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_begin_probe values (${2})`);
        return "done";
      });
      expect(result).toBe("done");
      const failed = await rejection(
        handle.db.transaction(async (tx) => {
          await tx.execute(sql`insert into pipelined_begin_probe values (${3})`);
          throw new Error("refused");
        }),
      );
      expect(failed.message).toBe("refused");
      expect(await count(t.db, "pipelined_begin_probe where id in (2, 3)")).toBe(1);
      // The one connection went back to the pool after each.
      expect(rowsOf(await handle.db.execute(sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
    } finally {
      await handle.close();
    }
  });

  it("roll a nested transaction back to its savepoint, keeping the outer writes", async () => {
    const handle = await openPostgres(t.url!, { max: 1 });
    try {
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`insert into pipelined_begin_probe values (${4})`);
        const inner = await rejection(
          tx.transaction(async (nested) => {
            await nested.execute(sql`insert into pipelined_begin_probe values (${5})`);
            throw new Error("inner refused");
          }),
        );
        expect(inner.message).toBe("inner refused");
        await tx.transaction(async (nested) => void (await nested.execute(sql`insert into pipelined_begin_probe values (${6})`)));
      });
      expect(rowsOf<{ id: number }>(await t.db.execute(sql`select id from pipelined_begin_probe where id between 4 and 6 order by id`))).toEqual([{ id: 4 }, { id: 6 }]);
    } finally {
      await handle.close();
    }
  });

  it("fail a transaction whose connection was terminated, and keep serving from the pool", async () => {
    const handle: DbHandle = await openPostgres(t.url!, { max: 1 });
    try {
      const failed = await rejection<Error & { code?: string }>(
        handle.db.transaction(async (tx) => {
          const [{ pid }] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          await t.db.execute(sql`select pg_terminate_backend(${pid})`);
          // Wait for the close to reach postgres.js, then write on the dead connection.
          await new Promise((r) => setTimeout(r, 200));
          await tx.execute(sql`insert into pipelined_begin_probe values (${7})`);
        }),
      );
      expect(failed.code).toBe("CONNECTION_CLOSED");
      expect(await count(t.db, "pipelined_begin_probe where id = 7")).toBe(0);
      expect(rowsOf(await handle.db.execute(sql`select 1 as ok`))).toEqual([{ ok: 1 }]);
    } finally {
      await handle.close();
    }
  });
});
