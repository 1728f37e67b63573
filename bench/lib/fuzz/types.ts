/** Ids and credentials the fuzzer creates before it starts, which generated requests point at. */
export interface FuzzTargets {
  apiKey: string;
  /** `name=value` of the next-auth session cookie, or null when signing in failed (backoffice routes then get 401s). */
  sessionCookie: string | null;
  /** The app's own origin, sent as `Origin` on backoffice writes (their CSRF check). */
  origin: string;
  /** A definition (no plugins) that generated events and runs aim at. */
  definitionId: string;
  /** Runtimes of that definition that generated events aim at. */
  runtimeIds: string[];
  /** Its query names the target definition, so bulk actions on it never reach the sentinel. */
  filterId: string;
  /** A bulk operation (over one unknown id: it fails that case and touches nothing) that bulk routes read and cancel. */
  bulkOperationId: string;
  /** A team (no queue is restricted to it, so deleting it is allowed). */
  teamId: string;
  subscriptionId: string;
  /** A reviewer created for the fuzz run (never the signed-in admin, so PATCHes cannot lock the fuzzer out). */
  userId: string;
  /** An API key created for the fuzz run (never the one the fuzzer uses, so DELETEs cannot lock it out). */
  spareApiKeyId: string;
  /** A runtime no generated request names: it must read the same after the run. */
  sentinelRuntimeId: string;
  /** A filter no generated request names (generated requests may rename or restrict the fuzz filter): it must read the same after the run. */
  sentinelFilterId: string;
}

/** One HTTP request as generated: everything needed to send it again. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** What a request index generates: one request, or a definition and then a run of it (the run carries the hostile value). */
export interface FuzzCase {
  index: number;
  /** The generator that made it, e.g. `body:unknown-keys` or `definition:redos-pattern`. */
  kind: string;
  steps: FuzzRequest[];
}

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** At most the first 64 KB of the body, as text. */
  body: string;
  bodyBytes: number;
  ms: number;
  /** Set when no answer came (timeout, connection closed). */
  error?: string;
}
