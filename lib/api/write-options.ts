import type { z } from "zod";
import type { ApiScope } from "../api-contract/scopes";
import type { ApiAuth } from "../api-keys/authenticate-api-key";
import type { Db } from "../db/client";
import { getDbHandle } from "../db/client";
import { preferredWait, waitUntilSettled } from "../runtime/wait-settled";
import { idempotent, type IdempotentResult } from "./http/idempotency";
import { readJsonBody } from "./http/read-json";

/**
 * Options that turn an API-key route into a write with the API's write semantics: the `scope` a key needs, the
 * body parsed with `body`, the work run at most once per `Idempotency-Key` in `idempotencyScope` (its writes join
 * the transaction the key is written in), the answer's headers derived from its body (so a replay gets them too),
 * and `Prefer: wait=N` honoured by waiting until the runtime the answer names has settled.
 */
export interface WriteOptions<P extends Record<string, string>, S extends z.ZodType> {
  /** The scope a key needs to call the route (checked before the body is read). */
  scope: ApiScope;
  body: S;
  /** A PATCH's media types (see `readJsonBody`); by default any JSON type. */
  patchMediaTypes?: readonly string[];
  /** Read the body another way than `readJsonBody` with `body` (a batch's, `readBatchBody`); `body` still types it. */
  readBody?: (req: Request) => Promise<z.output<S>>;
  idempotencyScope: (params: P) => string;
  /** Headers of the answer, computed from its body (`Location`, `ETag`). */
  headers?: (body: unknown) => Record<string, string>;
  /** The runtime `Prefer: wait` waits for; `reload` re-reads the answer once it settled (else it is sent as is). */
  settle?: { runtimeId: (body: unknown, params: P) => string; reload?: (db: Db, auth: ApiAuth, runtimeId: string) => Promise<unknown> };
}

/** What a write handler gets: the transaction to write in, the caller, the route params and the parsed body. */
export interface WriteContext<P extends Record<string, string>, B> {
  req: Request;
  db: Db;
  auth: ApiAuth;
  params: P;
  body: B;
}

export type WriteHandler<P extends Record<string, string>, S extends z.ZodType> = (ctx: WriteContext<P, z.output<S>>) => Promise<IdempotentResult>;

/** Run a write route: parse, do the work idempotently, add headers, honour `Prefer: wait`. */
export async function runWrite<P extends Record<string, string>, S extends z.ZodType>(
  req: Request,
  db: Db,
  auth: ApiAuth,
  params: P,
  options: WriteOptions<P, S>,
  work: WriteHandler<P, S>,
): Promise<Response> {
  const body = options.readBody ? await options.readBody(req) : await readJsonBody(req, options.body, { patchMediaTypes: options.patchMediaTypes });
  // The body's text is hashed only for a request with an `Idempotency-Key`: computed when read.
  const scope = { projectId: auth.projectId, endpoint: options.idempotencyScope(params), get bodyText() { return JSON.stringify(body); } };
  let answer: unknown;
  const res = await idempotent(db, req, scope, async (tx) => {
    const result = await work({ req, db: tx, auth, params, body });
    answer = result.body;
    return result;
  });
  // A replayed answer did not run the work: read it from the stored body.
  answer ??= await res.clone().json();
  for (const [name, value] of Object.entries(options.headers?.(answer) ?? {})) res.headers.set(name, value);
  const wait = preferredWait(req);
  if (wait === null || !options.settle || res.status >= 300) return res;
  const runtimeId = options.settle.runtimeId(answer, params);
  await waitUntilSettled(await getDbHandle(), runtimeId, wait);
  const settled = options.settle.reload ? await options.settle.reload(db, auth, runtimeId) : undefined;
  const out = settled === undefined ? res : Response.json(settled, { status: res.status });
  if (settled !== undefined) for (const [name, value] of Object.entries(options.headers?.(settled) ?? {})) out.headers.set(name, value);
  out.headers.set("Preference-Applied", `wait=${wait}`);
  return out;
}
