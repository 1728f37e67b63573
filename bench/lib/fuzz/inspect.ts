import { createWriteStream, readFileSync } from "node:fs";
import { WebSocket } from "undici";

export interface HeapStats {
  /** `process.memoryUsage()` of the server right after a full garbage collection, in bytes. */
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

/**
 * A Chrome DevTools Protocol connection to the served app (started with `--inspect`, see FUZZ_HEAP): a forced
 * garbage collection and `process.memoryUsage()` afterwards, and heap snapshots. It tells memory the app still
 * holds (heapUsed after GC) from memory V8 or the allocator has not returned to the system yet (RSS).
 */
export async function inspectApp(inspectPort: number) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener("open", resolve, { once: true });
    ws.addEventListener("error", reject, { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const listeners = new Set<(method: string, params: Record<string, unknown>) => void>();
  ws.addEventListener("message", (event) => {
    const msg = JSON.parse(String(event.data)) as { id?: number; result?: unknown; error?: { message: string }; method?: string; params?: Record<string, unknown> };
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(msg.error.message));
      else p?.resolve(msg.result);
    } else if (msg.method) for (const l of listeners) l(msg.method, msg.params ?? {});
  });
  const call = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });

  return {
    /** Two full collections (the second collects what finalizers of the first released), then memoryUsage(). */
    async heapAfterGc(): Promise<HeapStats> {
      await call("HeapProfiler.collectGarbage");
      await call("HeapProfiler.collectGarbage");
      const r = (await call("Runtime.evaluate", { expression: "JSON.stringify(process.memoryUsage())", returnByValue: true })) as { result: { value: string } };
      return JSON.parse(r.result.value) as HeapStats;
    },
    /** Write a heap snapshot (open it in Chrome DevTools' Memory tab; compare two to see what a run left). */
    async snapshot(file: string): Promise<void> {
      const out = createWriteStream(file);
      const onChunk = (method: string, params: Record<string, unknown>) => {
        if (method === "HeapProfiler.addHeapSnapshotChunk") out.write(String(params.chunk));
      };
      listeners.add(onChunk);
      await call("HeapProfiler.enable");
      await call("HeapProfiler.takeHeapSnapshot", { reportProgress: false });
      listeners.delete(onChunk);
      await new Promise<void>((resolve) => out.end(resolve));
    },
    close: () => ws.close(),
  };
}

/** Resident KiB per mapping of a process (/proc/PID/smaps), keyed by start address, with each mapping's kind. */
export type Mappings = Map<string, { kind: string; sizeKiB: number; rssKiB: number }>;

export function readMappings(pid: number): Mappings {
  const out: Mappings = new Map();
  let current: { kind: string; sizeKiB: number; rssKiB: number } | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const sizeKiB = (parseInt(head[2], 16) - parseInt(head[1], 16)) / 1024;
      current = { kind: mappingKind(head[3], sizeKiB), sizeKiB, rssKiB: 0 };
      out.set(head[1], current);
    } else if (current && line.startsWith("Rss:")) current.rssKiB = Number(line.split(/\s+/)[1]);
  }
  return out;
}

function mappingKind(name: string, sizeKiB: number): string {
  if (name === "[heap]") return "malloc main heap ([heap])";
  if (name.startsWith("[")) return name;
  if (name) return "files (binary, libraries)";
  if (sizeKiB === 256 || sizeKiB === 512) return "anonymous 256/512 KiB (V8 heap pages)";
  if (sizeKiB >= 32 * 1024 && sizeKiB <= 64 * 1024) return "anonymous 32-64 MiB (malloc thread arenas, or wasm memory)";
  return "anonymous, other sizes";
}

/** Where resident memory grew between two `readMappings`, by kind of mapping, largest first (MiB). */
export function mappingGrowth(before: Mappings, after: Mappings): string {
  const sum = (m: Mappings) => {
    const byKind = new Map<string, number>();
    for (const { kind, rssKiB } of m.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + rssKiB);
    return byKind;
  };
  const a = sum(before);
  const b = sum(after);
  const kinds = [...new Set([...a.keys(), ...b.keys()])].map((k) => [k, ((b.get(k) ?? 0) - (a.get(k) ?? 0)) / 1024] as const);
  return kinds
    .filter(([, d]) => Math.abs(d) >= 1)
    .sort((x, y) => y[1] - x[1])
    .map(([k, d]) => `${k} ${d >= 0 ? "+" : ""}${d.toFixed(0)}`)
    .join(" · ");
}
