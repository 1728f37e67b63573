import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "@/tests/support/test-database";
import { eventually } from "@/tests/support/vendor-stub";
import { openPostgres } from "./open";

const kind = process.env.TEST_DB_KIND;
let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

/** A TCP relay to the PostgreSQL server of `url` that counts the connections made through it. */
async function countingRelay(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((client) => {
    connections++;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => undefined).on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(url);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((server.address() as net.AddressInfo).port);
  return {
    url: relayed.toString(),
    connections: () => connections,
    open: () => sockets.size / 2,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

describe(`LISTEN on its own URL (DATABASE_DIRECT_URL) (${kind})`, () => {
  it.runIf(kind === "postgres")("listens through listenUrl while queries and NOTIFY go through the pool's URL, and closes both", async () => {
    const relay = await countingRelay(t.url!);
    const handle = await openPostgres(t.url!, { max: 2, listenUrl: relay.url });
    try {
      const received: string[] = [];
      const unlisten = await handle.listen("kyc_listen_url_test", (payload) => received.push(payload));
      expect(relay.connections()).toBe(1); // the LISTEN connection, and nothing of the pool
      await handle.db.execute(sql`select pg_notify('kyc_listen_url_test', 'hello')`);
      await eventually(async () => received.includes("hello"), "the notification through the listen connection", 5_000);
      expect(relay.connections()).toBe(1);
      await unlisten();
    } finally {
      await handle.close();
    }
    await eventually(async () => relay.open() === 0, "the listen connection to close", 5_000);
    relay.close();
  });
});
