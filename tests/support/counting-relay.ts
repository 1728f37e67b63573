import net, { type AddressInfo } from "node:net";
import type { Db } from "../../lib/db/client";
import { openPostgres } from "../../lib/db/open";

/** A TCP relay to the test server that counts the chunks the client sends: one per socket write, as sent here. */
export async function countingRelay(url: string): Promise<{ url: string; sent: () => number; close: () => void }> {
  const target = new URL(url);
  let sent = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on("data", (chunk) => {
      sent++;
      upstream.write(chunk);
    });
    upstream.on("data", (chunk) => client.write(chunk));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const relayed = new URL(url);
  relayed.hostname = "127.0.0.1";
  relayed.port = String((server.address() as AddressInfo).port);
  return {
    url: relayed.toString(),
    sent: () => sent,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}

/**
 * A pool of `max` connections to the test server at `url` opened through a `countingRelay`: `fn` gets its handle's
 * database and the count of writes so far; both are closed afterwards.
 */
export async function throughCountingRelay<T>(url: string, max: number, fn: (db: Db, sent: () => number) => Promise<T>): Promise<T> {
  const relay = await countingRelay(url);
  const handle = await openPostgres(relay.url, { max });
  try {
    return await fn(handle.db, relay.sent);
  } finally {
    await handle.close();
    relay.close();
  }
}
