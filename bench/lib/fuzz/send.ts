import { Client } from "undici";
import type { FuzzAnswer, FuzzRequest } from "./types";

const KEEP_BYTES = 64 * 1024;

/**
 * An HTTP client for hostile requests: raw methods, paths and headers as generated, bounded reads, a timeout.
 * Each request gets its own connection, destroyed after the answer or at the timeout: a hostile request that
 * wedges its connection (in the app or in the client) then costs that request only, never a shared pool.
 */
export function fuzzClient(baseUrl: string, timeoutMs: number) {
  async function send(req: FuzzRequest): Promise<FuzzAnswer> {
    const started = performance.now();
    const client = new Client(baseUrl, { pipelining: 1, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, maxHeaderSize: 1024 * 1024 });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error(`no complete answer within ${timeoutMs} ms`), { code: "FUZZ_TIMEOUT" })), timeoutMs);
    });
    try {
      return await Promise.race([exchange(client, req, started), timeout]);
    } catch (error) {
      const e = error as Error & { code?: string };
      return { status: 0, headers: {}, body: "", bodyBytes: 0, ms: performance.now() - started, error: `${e.code ?? e.name}: ${e.message}` };
    } finally {
      clearTimeout(timer);
      client.destroy().catch(() => undefined);
    }
  }
  return { send, close: async () => undefined };
}

async function exchange(client: Client, req: FuzzRequest, started: number): Promise<FuzzAnswer> {
  const res = await client.request({ method: req.method as "GET", path: req.path, headers: req.headers, body: req.body });
  const chunks: Buffer[] = [];
  let kept = 0;
  let bodyBytes = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    bodyBytes += chunk.length;
    if (kept < KEEP_BYTES) {
      chunks.push(chunk);
      kept += chunk.length;
    }
  }
  const body = Buffer.concat(chunks).subarray(0, KEEP_BYTES).toString("utf8");
  return { status: res.statusCode, headers: res.headers, body, bodyBytes, ms: performance.now() - started };
}

export type Fault = "5xx" | "non-problem" | "slow" | "no-answer";

export interface Verdict {
  faults: Fault[];
  /** Answered by Node's HTTP parser before the app saw the request (see `isNodeAnswer`). */
  nodeLevel: boolean;
  /** Refused by the HTTP client before sending (undici will not send an `Expect` header, for one). */
  unsent?: boolean;
}

const CLIENT_REFUSALS = ["UND_ERR_NOT_SUPPORTED", "UND_ERR_INVALID_ARG"];

const header = (a: FuzzAnswer, name: string) => {
  const v = a.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Node answers unparsable requests itself, before the app: a bad request line or header (400), headers over
 * the limit (431) and an unsupported `Expect` (417). Its parser-error answers are written raw, without the `Date`
 * header every `ServerResponse` carries; its 417 is a `ServerResponse`, recognised by the `Expect` we sent.
 */
export function isNodeAnswer(req: FuzzRequest, a: FuzzAnswer): boolean {
  if (a.status === 0) return false;
  if (!header(a, "date")) return true;
  const expect = Object.entries(req.headers).find(([k]) => k.toLowerCase() === "expect")?.[1];
  return a.status === 417 && expect !== undefined && expect.toLowerCase() !== "100-continue";
}

/**
 * What is wrong with an answer: a 5xx; an error (4xx) under /api that is not `application/problem+json`; over `slowMs`;
 * no answer at all. Successful answers may be any type (the OpenAPI document, 204s, next-auth's JSON).
 */
export function judge(req: FuzzRequest, a: FuzzAnswer, slowMs: number): Verdict {
  const faults: Fault[] = [];
  if (a.status === 0 && CLIENT_REFUSALS.some((code) => a.error?.startsWith(code))) return { faults: [], nodeLevel: false, unsent: true };
  if (a.status === 0) return { faults: ["no-answer", ...(a.ms > slowMs ? (["slow"] as const) : [])], nodeLevel: false };
  const nodeLevel = isNodeAnswer(req, a);
  if (a.ms > slowMs) faults.push("slow");
  if (nodeLevel) return { faults, nodeLevel };
  if (a.status >= 500) faults.push("5xx");
  const type = (header(a, "content-type") ?? "").split(";")[0].trim().toLowerCase();
  // Paths outside /api (e.g. `/API/V1/...`; paths are case-sensitive) are the backoffice's pages: their 404 is a page.
  const api = req.path === "/api" || req.path.startsWith("/api/") || req.path.startsWith("/api?");
  if (a.status >= 400 && api && type !== "application/problem+json") faults.push("non-problem");
  return { faults, nodeLevel };
}
