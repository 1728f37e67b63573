import type { Fault } from "./send";
import type { FuzzAnswer, FuzzCase, FuzzRequest } from "./types";

const MiB = 1024;

export const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

export function describeRequest(req: FuzzRequest, bodyChars = 300): string {
  const body = req.body === undefined ? "" : Buffer.isBuffer(req.body) ? `<${req.body.length} bytes, not UTF-8> ${clip(req.body.toString("latin1"), bodyChars)}` : clip(req.body, bodyChars);
  const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${clip(v, 80)}`).join(" | ");
  return `${req.method} ${clip(req.path, 200)}${headers ? `\n      headers: ${headers}` : ""}${body ? `\n      body: ${body}` : ""}`;
}

export function describeAnswer(a: FuzzAnswer, bodyChars = 300): string {
  if (a.status === 0) return `no answer after ${a.ms.toFixed(0)} ms (${a.error})`;
  const type = a.headers["content-type"] ?? "(no content-type)";
  return `${a.status} ${type} in ${a.ms.toFixed(0)} ms, ${a.bodyBytes} bytes: ${clip(a.body.replace(/\s+/g, " "), bodyChars)}`;
}

interface FailureClass {
  count: number;
  example: { c: FuzzCase; step: number; answer: FuzzAnswer };
}

/** Tallies of a run, and one example per failure class (fault, status, content type, generator, route). */
export class Tally {
  cases = 0;
  requests = 0;
  faults: Record<Fault, number> = { "5xx": 0, "non-problem": 0, slow: 0, "no-answer": 0 };
  nodeLevel = 0;
  unsent = 0;
  largest: { bytes: number; req?: FuzzRequest } = { bytes: 0 };
  slowest: { ms: number; req?: FuzzRequest } = { ms: 0 };
  classes = new Map<string, FailureClass>();
  /** The lowest index that was slow or unanswered: when the app froze, the likely cause. */
  firstSlow: FailureClass["example"] | null = null;

  record(c: FuzzCase, step: number, answer: FuzzAnswer, faults: Fault[], nodeLevel: boolean, unsent = false): void {
    const req = c.steps[step];
    if (unsent) {
      this.unsent++;
      return;
    }
    this.requests++;
    if (nodeLevel) this.nodeLevel++;
    if (answer.bodyBytes > this.largest.bytes) this.largest = { bytes: answer.bodyBytes, req };
    if (answer.ms > this.slowest.ms) this.slowest = { ms: answer.ms, req };
    for (const f of faults) this.faults[f]++;
    // One class per answer, by its worst fault (a request without an answer is also slow; count it once).
    const f = (["no-answer", "5xx", "non-problem", "slow"] as const).find((x) => faults.includes(x));
    if ((f === "slow" || f === "no-answer") && (!this.firstSlow || c.index < this.firstSlow.c.index)) this.firstSlow = { c, step, answer };
    if (f) {
      const type = String(answer.headers["content-type"] ?? "none").split(";")[0];
      const key = `${f} · ${answer.status} ${type} · ${c.kind} · ${req.method} ${routeOf(req.path)}`;
      const cls = this.classes.get(key);
      if (cls) cls.count++;
      else this.classes.set(key, { count: 1, example: { c, step, answer } });
    }
  }

  printClasses(seed: number, limit = 60): void {
    const rank = (key: string) => ["no-answer", "5xx", "non-problem", "slow"].findIndex((f) => key.startsWith(`${f} `));
    const sorted = [...this.classes.entries()].sort((a, b) => rank(a[0]) - rank(b[0]) || b[1].count - a[1].count);
    if (!sorted.length) return;
    console.log(`[fuzz] failure classes (${sorted.length}; replay one with FUZZ_SEED=${seed} FUZZ_REPLAY=<index>):`);
    for (const [key, { count, example }] of sorted.slice(0, limit)) {
      console.log(`  ${count} × ${key}\n    e.g. index ${example.c.index} step ${example.step + 1}/${example.c.steps.length}: ${describeRequest(example.c.steps[example.step], 160)}\n      → ${describeAnswer(example.answer, 200)}`);
    }
    if (sorted.length > limit) console.log(`  … and ${sorted.length - limit} more classes`);
    if (this.firstSlow) {
      const { c, step, answer } = this.firstSlow;
      console.log(`[fuzz] first slow or unanswered request (when the app froze, the likely cause): index ${c.index} (${c.kind}) step ${step + 1}: ${describeRequest(c.steps[step], 160)}\n      → ${describeAnswer(answer, 200)}`);
    }
  }
}

/** The path with ids, long and odd segments collapsed, so one route's failures group together. */
function routeOf(path: string): string {
  const p = path.split("?")[0];
  return p
    .split("/")
    .map((s) => (/^[0-9a-f-]{36}$/i.test(s) ? "{id}" : s.length > 40 ? "{long}" : /%/.test(s) ? "{encoded}" : s))
    .join("/")
    .slice(0, 120);
}

export const mib = (kib: number | null) => (kib === null ? "?" : `${(kib / MiB).toFixed(0)} MiB`);
