import type postgres from "postgres";
import type { FlowOutcome } from "./chaos-flow";
import { entityIdOf } from "./chaos-flow";
import { flowKind, registrationNumber, type ChaosVendor } from "./chaos-vendor";

type Sql = postgres.Sql;

export interface Verdict {
  /** Flows the client could not drive to the end (an unexpected answer, or retries that never succeeded). */
  failedFlows: FlowOutcome[];
  /** Runtimes the client was given that do not exist. */
  missing: number;
  /** Flows whose runtime did not end in the flow's final state (stuck, or a lost vendor result). */
  notFinished: { index: number; state: string; expected: string }[];
  /** Runtimes beyond the first for one flow (one entity id). */
  duplicateRuntimes: number;
  /** Transitions (runtime, from, to, event) recorded more than once. */
  duplicateTransitions: number;
  completion: { runtimes: number; events: number; deliveries: number; missing: number; duplicate: number; unexpected: number };
  /** Flows by the number of vendor calls made for them, and by plugin webhooks received. */
  vendorCalls: Map<number, number>;
  pluginWebhooks: Map<number, number>;
  /** Requests whose retry re-ran work that had been applied (answered 409 event_not_accepted). */
  reexecuted: number;
  jobs: Record<string, number>;
}

/** Wait until no job is pending and every completed runtime's `workflow.completed` has arrived, or `ms` pass. */
export async function settle(sql: Sql, vendor: ChaosVendor, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    const [{ pending }] = await sql<{ pending: number }[]>`select count(*)::int as pending from jobs where status = 'pending'`;
    const completed = await sql<{ id: string }[]>`select id::text from workflow_runtimes where status = 'completed'`;
    const seen = new Set(vendor.events().filter((e) => e.eventName === "workflow.completed").map((e) => e.runtimeId));
    if (pending === 0 && completed.every((r) => seen.has(r.id))) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Compare what the client was told, what the database holds and what the vendor and receiver saw. */
export async function verify(sql: Sql, vendor: ChaosVendor, outcomes: FlowOutcome[]): Promise<Verdict> {
  const runtimes = await sql<{ id: string; state: string; status: string; cid: string }[]>`
    select id::text, state, status, context->'entity'->>'id' as cid from workflow_runtimes`;
  const byId = new Map(runtimes.map((r) => [r.id, r]));
  const perEntity = new Map<string, number>();
  for (const r of runtimes) perEntity.set(r.cid, (perEntity.get(r.cid) ?? 0) + 1);
  const [{ n: duplicateTransitions }] = await sql<{ n: number }[]>`
    select coalesce(sum(n - 1), 0)::int as n from (
      select count(*) as n from runtime_history where kind = 'transition'
      group by runtime_id, from_state, to_state, event_name having count(*) > 1) d`;
  const jobRows = await sql<{ key: string; n: number }[]>`select kind || ' ' || status as key, count(*)::int as n from jobs group by 1 order by 1`;

  const verdict: Verdict = {
    failedFlows: outcomes.filter((o) => o.error),
    missing: 0,
    notFinished: [],
    duplicateRuntimes: [...perEntity.values()].reduce((sum, n) => sum + n - 1, 0),
    duplicateTransitions,
    completion: { runtimes: 0, events: 0, deliveries: 0, missing: 0, duplicate: 0, unexpected: 0 },
    vendorCalls: new Map(),
    pluginWebhooks: new Map(),
    reexecuted: outcomes.reduce((sum, o) => sum + o.reexecuted, 0),
    jobs: Object.fromEntries(jobRows.map((r) => [r.key, r.n])),
  };
  const calls = vendor.vendorCalls();
  const hooks = pluginWebhooksByEntity(vendor);
  for (const o of outcomes) {
    const expected = flowKind(o.index);
    const runtime = o.runtimeId ? byId.get(o.runtimeId) : undefined;
    if (o.runtimeId && !runtime) verdict.missing++;
    else if (runtime && runtime.state !== expected) verdict.notFinished.push({ index: o.index, state: runtime.state, expected });
    bump(verdict.vendorCalls, calls.get(registrationNumber(o.index)) ?? 0);
    bump(verdict.pluginWebhooks, hooks.get(entityIdOf(o.index)) ?? 0);
  }

  // Completion events by event (id and sequence), not by delivery attempt.
  const events = vendor.events().filter((e) => e.eventName === "workflow.completed");
  const perRuntime = new Map<string, { ids: Set<string>; sequences: Set<number> }>();
  for (const e of events) {
    const entry = perRuntime.get(e.runtimeId) ?? { ids: new Set(), sequences: new Set() };
    entry.ids.add(e.id);
    entry.sequences.add(e.sequence);
    perRuntime.set(e.runtimeId, entry);
  }
  const c = verdict.completion;
  c.deliveries = events.length;
  for (const r of runtimes.filter((r) => r.status === "completed")) {
    c.runtimes++;
    const entry = perRuntime.get(r.id);
    if (!entry) c.missing++;
    else c.duplicate += Math.max(entry.ids.size, entry.sequences.size) - 1;
  }
  for (const [id, entry] of perRuntime) {
    c.events += entry.ids.size;
    if (byId.get(id)?.status !== "completed") c.unexpected += entry.ids.size;
  }
  return verdict;
}

/** Whether the verdict shows a loss or a duplicate (or a flow the client could not finish). */
export function failed(v: Verdict): boolean {
  const c = v.completion;
  return v.failedFlows.length + v.missing + v.notFinished.length + v.duplicateRuntimes + v.duplicateTransitions + c.missing + c.duplicate + c.unexpected + v.reexecuted > 0;
}

/** Webhook plugin requests (`/hooks/finish`, `/hooks/fail`) received per entity id. */
function pluginWebhooksByEntity(vendor: ChaosVendor): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of vendor.received) {
    if (!r.path.startsWith("/hooks/")) continue;
    const body = r.body as { entity_id?: string; failing_result?: { entity?: { id?: string } } };
    const entity = body?.entity_id ?? body?.failing_result?.entity?.id;
    if (entity) counts.set(entity, (counts.get(entity) ?? 0) + 1);
  }
  return counts;
}

function bump(map: Map<number, number>, key: number): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}
