import { apiClient, type ApiReply } from "./api-client";

/** What the retrying client saw, over the whole run. */
export interface RetryCounts {
  /** Connection refused or reset, or a response cut off: the app was down or died mid-request. */
  networkErrors: number;
  serverErrors: number;
  /** 409 `idempotency_in_progress`: the key's first request had not finished (or never will). */
  inProgress: number;
  /** Answers marked `Idempotent-Replayed: true`. */
  replayed: number;
}

/** One write (run, send-event) as the client saw it: when its attempts failed and when it succeeded. */
export interface WriteRecord {
  client: number;
  failedAt: number[];
  doneAt: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The integrator's client: retries a request on a network error, a 5xx or a 409 `idempotency_in_progress`
 * (writes always with the same `Idempotency-Key`), with a delay growing from 100 ms to 1 s, until
 * `deadlineMs` has passed; every other answer is returned. Times are `performance.now()` milliseconds.
 */
export function chaosClient(baseUrl: string, apiKey: string, connections: number, deadlineMs: number) {
  const api = apiClient(baseUrl, apiKey, connections);
  const counts: RetryCounts = { networkErrors: 0, serverErrors: 0, inProgress: 0, replayed: 0 };
  const writes: WriteRecord[] = [];

  async function withRetries(client: number, what: string, attempt: () => Promise<ApiReply>, record?: WriteRecord[]): Promise<ApiReply> {
    const failedAt: number[] = [];
    const deadline = performance.now() + deadlineMs;
    let last = "";
    for (let n = 0; ; n++) {
      try {
        const reply = await attempt();
        if (reply.status >= 500) {
          counts.serverErrors++;
          last = `${reply.status} ${String(reply.json.code ?? reply.json.text ?? "")}`;
        } else if (reply.status === 409 && reply.json.code === "idempotency_in_progress") {
          counts.inProgress++;
          last = "409 idempotency_in_progress";
        } else {
          if (reply.headers["idempotent-replayed"] === "true") counts.replayed++;
          record?.push({ client, failedAt, doneAt: performance.now() });
          return reply;
        }
      } catch (error) {
        counts.networkErrors++;
        last = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      }
      failedAt.push(performance.now());
      if (performance.now() > deadline) throw new Error(`${what}: still failing after ${deadlineMs / 1000} s of retries (last: ${last})`);
      await sleep(Math.min(1000, 100 * 2 ** n));
    }
  }

  return {
    counts,
    writes,
    /** POST with an Idempotency-Key, retried with the same key. */
    write: (client: number, path: string, body: unknown, key: string, headers: Record<string, string> = {}) =>
      withRetries(client, `POST ${path}`, () => api.post(path, body, { "idempotency-key": key, ...headers }), writes),
    read: (client: number, path: string) => withRetries(client, `GET ${path}`, () => api.get(path)),
    close: () => api.close(),
  };
}

export type ChaosClient = ReturnType<typeof chaosClient>;
