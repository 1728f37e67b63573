import http from "node:http";
import { E2E_RECEIVER_PORT, E2E_VENDOR_PORT } from "../fixtures";

export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

function listen(server: http.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
}

const closer = (server: http.Server) => () => new Promise<void>((resolve) => server.close(() => resolve()));

/**
 * A local company-registry vendor: `GET /registry/<number>` answers like the sandbox vendor — 20000002 (and
 * 2000000<d>) a near match (score 0.7 → manual review), 12345678 an exact match, anything else a mismatch (0.3);
 * 503 while `down` is set.
 */
export async function startVendorStub(): Promise<LocalServer & { calls: string[]; down: boolean }> {
  const calls: string[] = [];
  const state = { down: false };
  const server = http.createServer((req, res) => {
    const number = decodeURIComponent(new URL(req.url ?? "/", "http://stub").pathname.split("/").pop() ?? "");
    calls.push(number);
    if (state.down) return void res.writeHead(503, { "content-type": "application/json" }).end('{"error":"registry down (e2e outage)"}');
    const name = "Registered Name";
    const [score, registered] = number === "12345678" ? [1, name] : /^2000000\d$/.test(number) ? [0.7, `${name} Holdings`] : [0.3, "Unrelated Ventures Ltd"];
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ business_details: { registered_name: registered, registration_number: number }, name_fuzziness_score: score }));
  });
  server.keepAliveTimeout = 1;
  await listen(server, E2E_VENDOR_PORT);
  return {
    url: `http://127.0.0.1:${E2E_VENDOR_PORT}/registry`,
    calls,
    /** While true the vendor answers 503 (an outage). */
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    close: closer(server),
  };
}

export interface ReceivedWebhook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** A webhook receiver that records every POST body (JSON) and answers 204, or 500 for the paths in `failing`. */
export async function startWebhookReceiver(): Promise<LocalServer & { received: ReceivedWebhook[]; failing: Set<string> }> {
  const received: ReceivedWebhook[] = [];
  const failing = new Set<string>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        received.push({ path: req.url ?? "/", headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") });
      } catch {
        received.push({ path: req.url ?? "/", headers: req.headers, body: {} });
      }
      res.writeHead(failing.has(req.url ?? "/") ? 500 : 204).end();
    });
  });
  server.keepAliveTimeout = 1;
  await listen(server, E2E_RECEIVER_PORT);
  return { url: `http://127.0.0.1:${E2E_RECEIVER_PORT}`, received, failing, close: closer(server) };
}
