export interface SinkEntry {
  at: string;
  name: string;
  headers: Record<string, string>;
  body: unknown;
}

/** Largest request body the sink accepts (bytes); larger ones get 413 `payload_too_large`. */
export const SINK_MAX_BODY_BYTES = 256 * 1024;
/** Per project, the sink keeps the newest 500 requests and at most 8 MiB of bodies. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 8 * 1024 * 1024;

interface ProjectSink {
  entries: { entry: SinkEntry; bytes: number }[];
  bytes: number;
}

const KEY = Symbol.for("kyc.sandbox.sink");

function sinkOf(projectId: string): ProjectSink {
  const g = globalThis as { [KEY]?: Map<string, ProjectSink> };
  const sinks = (g[KEY] ??= new Map());
  let sink = sinks.get(projectId);
  if (!sink) sinks.set(projectId, (sink = { entries: [], bytes: 0 }));
  return sink;
}

/**
 * Record a request the sandbox webhook sink received for `projectId` (newest last). `bytes` is the body's size;
 * the oldest entries of the project are dropped past 500 entries or 8 MiB.
 */
export function recordSinkEntry(projectId: string, entry: SinkEntry, bytes: number): void {
  const sink = sinkOf(projectId);
  sink.entries.push({ entry, bytes });
  sink.bytes += bytes;
  while (sink.entries.length > MAX_ENTRIES || sink.bytes > MAX_BYTES) sink.bytes -= sink.entries.shift()!.bytes;
}

/** What the sink received for `name` in `projectId`, oldest first. Other projects' entries are never returned. */
export function sinkEntries(projectId: string, name: string): SinkEntry[] {
  return sinkOf(projectId)
    .entries.map((e) => e.entry)
    .filter((e) => e.name === name);
}
