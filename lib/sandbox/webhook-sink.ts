import { jsonDepth } from "../api/http/json-guards";

export interface SinkEntry {
  at: string;
  name: string;
  headers: Record<string, string>;
  /** The body parsed as JSON, or its text when it is not JSON or nests deeper than `SINK_MAX_JSON_DEPTH`. */
  body: unknown;
}

/** Largest request body the sink accepts (bytes); larger ones get 413 `payload_too_large`. */
export const SINK_MAX_BODY_BYTES = 256 * 1024;
/** Bodies nested deeper than this are shown as text: answering them parsed would overflow `JSON.stringify`'s stack. */
export const SINK_MAX_JSON_DEPTH = 64;
/** Per project, the sink keeps the newest 500 requests and at most 4 MiB of bodies; 32 MiB for all projects. */
const MAX_ENTRIES = 500;
const MAX_PROJECT_BYTES = 4 * 1024 * 1024;
const MAX_TOTAL_BYTES = 32 * 1024 * 1024;

/** What is kept of a request: its body as received text (parsed only when read), so memory follows its size. */
interface Kept {
  at: string;
  name: string;
  headers: Record<string, string>;
  text: string;
  bytes: number;
}

interface Store {
  projects: Map<string, { entries: Kept[]; bytes: number }>;
  bytes: number;
}

const KEY = Symbol.for("kyc.sandbox.sink");

function store(): Store {
  const g = globalThis as { [KEY]?: Store };
  return (g[KEY] ??= { projects: new Map(), bytes: 0 });
}

/**
 * Record a request the sandbox webhook sink received for `projectId` (newest last): its body text and size in
 * bytes (its name and headers are counted with it). The project's oldest entries are dropped past 500 entries or 4 MiB, and the oldest projects' entries past
 * 32 MiB in all.
 */
export function recordSinkEntry(projectId: string, entry: Omit<SinkEntry, "body">, text: string, bytes: number): void {
  const s = store();
  let sink = s.projects.get(projectId);
  if (sink) s.projects.delete(projectId); // re-inserted below: the map's order is the order of last use
  else sink = { entries: [], bytes: 0 };
  s.projects.set(projectId, sink);
  // The name and the headers count too: a name can be a 15 KB path segment.
  const size = bytes + entry.name.length + Object.values(entry.headers).reduce((n, v) => n + v.length, 0);
  sink.entries.push({ ...entry, text, bytes: size });
  sink.bytes += size;
  s.bytes += size;
  while (sink.entries.length > MAX_ENTRIES || sink.bytes > MAX_PROJECT_BYTES) dropOldest(s, sink);
  for (const [id, other] of s.projects) {
    if (s.bytes <= MAX_TOTAL_BYTES) break;
    while (other.entries.length && s.bytes > MAX_TOTAL_BYTES) dropOldest(s, other);
    if (!other.entries.length) s.projects.delete(id);
  }
}

function dropOldest(s: Store, sink: { entries: Kept[]; bytes: number }): void {
  const gone = sink.entries.shift()!;
  sink.bytes -= gone.bytes;
  s.bytes -= gone.bytes;
}

/** What the sink received for `name` in `projectId`, oldest first. Other projects' entries are never returned. */
export function sinkEntries(projectId: string, name: string): SinkEntry[] {
  const sink = store().projects.get(projectId);
  if (!sink) return [];
  return sink.entries.filter((e) => e.name === name).map(({ at, name, headers, text }) => ({ at, name, headers, body: shownBody(text) }));
}

function shownBody(text: string): unknown {
  if (jsonDepth(text, SINK_MAX_JSON_DEPTH) > SINK_MAX_JSON_DEPTH) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Forget everything the sink received (tests). */
export function clearSink(): void {
  const s = store();
  s.projects.clear();
  s.bytes = 0;
}
