export interface SinkEntry {
  at: string;
  name: string;
  headers: Record<string, string>;
  body: unknown;
}

const KEY = Symbol.for("kyc.sandbox.sink");
const MAX = 500;

function store(): SinkEntry[] {
  const g = globalThis as { [KEY]?: SinkEntry[] };
  return (g[KEY] ??= []);
}

/** Record a request the sandbox webhook sink received (newest last; the oldest are dropped past 500). */
export function recordSinkEntry(entry: SinkEntry): void {
  const entries = store();
  entries.push(entry);
  if (entries.length > MAX) entries.splice(0, entries.length - MAX);
}

/** What the sink received for `name`, oldest first. */
export function sinkEntries(name: string): SinkEntry[] {
  return store().filter((e) => e.name === name);
}
