import { existsSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { migratePostgres } from "./migrate";
import { openPostgres } from "./open";
import { rowsOf } from "./rows";

// A server reached through its Unix-domain socket (`?host=/dir`), where the test server has one in the usual folder.
const SOCKET_DIR = "/var/run/postgresql";
const withSocket = process.env.TEST_DB_KIND === "postgres" && existsSync(`${SOCKET_DIR}/.s.PGSQL.5432`);
let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase();
});

afterAll(async () => {
  await t?.dispose();
});

describe.runIf(withSocket)("DATABASE_URL with ?host=/dir", () => {
  it("connects the pool, its LISTEN connection and the migrations through the socket in that folder", async () => {
    const url = new URL(t.url!);
    url.hostname = "localhost";
    url.port = "5432";
    url.searchParams.set("host", SOCKET_DIR);
    await migratePostgres(url.toString());
    const handle = await openPostgres(url.toString(), { max: 1, listenUrl: url.toString() });
    try {
      // No client address: the session came through a Unix-domain socket, not TCP.
      expect(rowsOf(await handle.db.execute(sql`select inet_client_addr() is null as local, current_database() as db`))).toEqual([{ local: true, db: url.pathname.slice(1) }]);
      const heard = new Promise<string>((resolve) => void handle.listen("socket_probe", resolve));
      await new Promise((r) => setTimeout(r, 100));
      await t.db.execute(sql`select pg_notify('socket_probe', 'over the socket')`);
      expect(await heard).toBe("over the socket");
    } finally {
      await handle.close();
    }
  });
});
