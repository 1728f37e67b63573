import { describe, expect, it } from "vitest";
import { goalVerdicts, type GoalFacts } from "./goals";

/** The verdicts on `facts`, each found by the start of its goal's wording (`"batch runs"`, `"a single run"`, …). */
const byGoal = (facts: GoalFacts) => {
  const verdicts = goalVerdicts(facts);
  return (wording: string) => {
    const found = verdicts.find((v) => v.goal.startsWith(`${wording} `));
    if (!found) throw new Error(`no goal starts with "${wording}"`);
    return found;
  };
};
const cost = (ms: number) => ({ ms, rounds: [ms] });

describe("goalVerdicts: issue 15's goals against one run's figures", () => {
  it("reads nothing measured as not measured, never as met", () => {
    expect(goalVerdicts({}).map((v) => v.verdict)).toEqual(Array(goalVerdicts({}).length).fill("not measured"));
  });

  it("judges the batch rates against 5,000/s", () => {
    const v = byGoal({ batchRunsPerSecond: 5_000, batchPlainEventsPerSecond: 4_999.4 });
    expect(v("batch runs")).toMatchObject({ verdict: "met", figure: "5,000/s" });
    expect(v("batch events (a plain transition)")).toMatchObject({ verdict: "missed", figure: "4,999/s" });
  });

  it("judges a request against health, or against the echo only where the echo costs more", () => {
    const cheapEcho = byGoal({ interleaved: { health: cost(1), echo: cost(0.9), run: cost(1.5), "plain event": cost(1.51), "event with its vendor call": cost(1.4) }, webhookJobWorkerMs: 1.6 });
    expect(cheapEcho("a single run")).toMatchObject({ verdict: "met" });
    expect(cheapEcho("a single plain event")).toMatchObject({ verdict: "missed" });
    expect(cheapEcho("a single plain event").figure).toContain("×1.51 of health");
    expect(cheapEcho("a webhook job")).toMatchObject({ verdict: "missed", figure: "1.6 ms: ×1.60 of health, ×1.78 of the echo; floor health" });
    const dearEcho = byGoal({ interleaved: { health: cost(1), echo: cost(1.2), run: cost(1.5), "plain event": cost(1.77), "event with its vendor call": cost(1.81) } });
    expect(dearEcho("a single plain event")).toMatchObject({ verdict: "met" });
    expect(dearEcho("a single plain event").figure).toBe("1.77 ms: ×1.77 of health, ×1.48 of the echo; floor the echo");
    expect(dearEcho("a single event with its vendor call")).toMatchObject({ verdict: "missed" });
  });

  it("judges webhook latency on both percentiles", () => {
    expect(byGoal({ webhookLatency: { p50: 50, p99: 250 } })("webhook latency").verdict).toBe("met");
    expect(byGoal({ webhookLatency: { p50: 12, p99: 250.1 } })("webhook latency").verdict).toBe("missed");
  });

  it("judges bulk actions only at 50,000 cases on PostgreSQL, each of them, and an unfinished one as missed", () => {
    expect(byGoal({ bulkSeconds: { database: "postgres", cases: 50_000, byAction: { "send-event": 12, assign: 59.9 } } })("a 50,000-case bulk action on PostgreSQL").verdict).toBe("met");
    expect(byGoal({ bulkSeconds: { database: "postgres", cases: 50_000, byAction: { "send-event": 12, assign: Infinity } } })("a 50,000-case bulk action on PostgreSQL")).toMatchObject({ verdict: "missed", figure: "send-event 12 s, assign did not complete" });
    expect(byGoal({ bulkSeconds: { database: "pglite", cases: 50_000, byAction: { assign: 10 } } })("a 50,000-case bulk action on PostgreSQL").verdict).toBe("not measured");
    expect(byGoal({ bulkSeconds: { database: "postgres", cases: 50_000, byAction: {} } })("a 50,000-case bulk action on PostgreSQL").verdict).toBe("not measured");
  });

  it("judges the queue's slowest query only at 1,000,000 cases", () => {
    expect(byGoal({ queueSlowestMs: { cases: 1_000_000, ms: 100, query: "search company name" } })("every queue query")).toMatchObject({ verdict: "met", figure: "slowest 100 ms (search company name)" });
    expect(byGoal({ queueSlowestMs: { cases: 1_000_000, ms: 100.1, query: "x" } })("every queue query").verdict).toBe("missed");
    expect(byGoal({ queueSlowestMs: { cases: 100_000, ms: 3, query: "x" } })("every queue query").verdict).toBe("not measured");
  });
});
