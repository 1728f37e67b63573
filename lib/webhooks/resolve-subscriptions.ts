import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { webhookSubscriptions, type WebhookSubscription, type WorkflowRuntime } from "../db/schema";
import { validationFailed } from "../errors";
import { normaliseEvents, parseConfigSubscriptions, type ConfigSubscription } from "./config-subscriptions";
import { subscriptionEventOf, type DeliveredEventName } from "./event-names";

type Runtime = Pick<WorkflowRuntime, "id" | "projectId" | "workflowDefinitionId" | "config">;

/**
 * Store the run request's `config.subscriptions` as runtime-level subscriptions, in the creation transaction,
 * and return the stored rows. An invalid entry (bad URL, unknown event) fails the run with 422
 * `validation_failed`; `runtimeSubscriptionProblems` lets the caller check before writing anything.
 */
export async function materialiseRuntimeSubscriptions(tx: Db, runtime: Runtime): Promise<WebhookSubscription[]> {
  const { subscriptions, problems } = parseConfigSubscriptions(runtime.config);
  if (problems.length) throw validationFailed("config.subscriptions is invalid; fix the listed entries.", problems);
  if (subscriptions.length === 0) return [];
  return tx
    .insert(webhookSubscriptions)
    .values(
      subscriptions.map((s) => ({
        projectId: runtime.projectId,
        level: "runtime" as const,
        workflowDefinitionId: runtime.workflowDefinitionId,
        runtimeId: runtime.id,
        url: s.url,
        events: s.events,
      })),
    )
    .returning();
}

/** Throw 422 `validation_failed` when the run request's `config.subscriptions` is invalid. */
export function assertValidRuntimeSubscriptions(config: unknown): void {
  const { problems } = parseConfigSubscriptions(config);
  if (problems.length) throw validationFailed("config.subscriptions is invalid; fix the listed entries.", problems);
}

/**
 * Every subscription, active or not, that applies to `runtime`: the project's, the definition-level ones of
 * the runtime's pinned definition version (`definitionConfig.subscriptions`, materialised as rows on first
 * use so they can be disabled and referenced), and the runtime's own. `applicable` are the rows already read
 * for the runtime (project, definition and runtime level; see `applicableSubscriptionsJson`), so only a
 * definition subscription seen for the first time costs more statements. Invalid definition entries are skipped.
 */
export async function subscriptionsForRuntime(
  tx: Db,
  runtime: Runtime,
  definitionConfig: unknown,
  applicable?: WebhookSubscription[],
): Promise<WebhookSubscription[]> {
  const rows = applicable ?? (await selectApplicable(tx, runtime));
  const wanted = parseConfigSubscriptions(definitionConfig).subscriptions;
  const definitionRows: WebhookSubscription[] = [];
  const missing: ConfigSubscription[] = [];
  for (const s of wanted) {
    const row = rows.find((r) => isDefinitionRowFor(r, s));
    if (row) definitionRows.push(row);
    else missing.push(s);
  }
  if (missing.length) definitionRows.push(...(await materialiseDefinitionSubscriptions(tx, runtime, missing)));
  return [...rows.filter((r) => r.level !== "definition"), ...new Set(definitionRows)];
}

/**
 * The subscriptions that receive one event: active, listing the event's subscription name (or its own name, for
 * `workflow.context.document.updated`), and one per URL.
 * When several levels name the same URL the most specific wins (runtime, then definition, then project), so
 * a receiver gets each event once per URL.
 */
export function pickTargets(subscriptions: readonly WebhookSubscription[], eventName: DeliveredEventName): WebhookSubscription[] {
  const wanted = subscriptionEventOf(eventName);
  const byUrl = new Map<string, WebhookSubscription>();
  const rank = { runtime: 0, definition: 1, project: 2 } as const;
  const sorted = [...subscriptions].sort((a, b) => rank[a.level] - rank[b.level] || a.createdAt.getTime() - b.createdAt.getTime());
  for (const s of sorted) {
    if (!s.active || !(s.events.includes(wanted) || s.events.includes(eventName))) continue;
    const key = urlKey(s.url);
    if (!byUrl.has(key)) byUrl.set(key, s);
  }
  return [...byUrl.values()];
}

function selectApplicable(tx: Db, runtime: Runtime): Promise<WebhookSubscription[]> {
  const s = webhookSubscriptions;
  return tx
    .select()
    .from(s)
    .where(
      and(
        eq(s.projectId, runtime.projectId),
        or(
          eq(s.level, "project"),
          and(eq(s.level, "definition"), eq(s.workflowDefinitionId, runtime.workflowDefinitionId)),
          and(eq(s.level, "runtime"), eq(s.runtimeId, runtime.id)),
        ),
      ),
    );
}

/** Insert the missing definition-level rows once, even when runtimes of the definition step concurrently. */
async function materialiseDefinitionSubscriptions(tx: Db, runtime: Runtime, missing: ConfigSubscription[]): Promise<WebhookSubscription[]> {
  const lockKey = `webhook-subscriptions/${runtime.projectId}/${runtime.workflowDefinitionId}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
  const s = webhookSubscriptions;
  const fresh = await tx
    .select()
    .from(s)
    .where(and(eq(s.projectId, runtime.projectId), eq(s.level, "definition"), eq(s.workflowDefinitionId, runtime.workflowDefinitionId)));
  const out: WebhookSubscription[] = [];
  for (const m of missing) {
    const existing = fresh.find((r) => isDefinitionRowFor(r, m));
    if (existing) {
      out.push(existing);
      continue;
    }
    const [row] = await tx
      .insert(s)
      .values({ projectId: runtime.projectId, level: "definition", workflowDefinitionId: runtime.workflowDefinitionId, url: m.url, events: m.events })
      .returning();
    fresh.push(row);
    out.push(row);
  }
  return out;
}

function isDefinitionRowFor(row: WebhookSubscription, s: ConfigSubscription): boolean {
  if (row.level !== "definition" || row.url !== s.url) return false;
  const events = normaliseEvents(row.events);
  return events.length === s.events.length && events.every((e, i) => e === s.events[i]);
}

function urlKey(url: string): string {
  try {
    return new URL(url).href;
  } catch {
    return url;
  }
}
