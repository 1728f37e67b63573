import type { HistoryEntry } from "@/lib/runtime/history-view";
import { formatTime } from "@/components/ui/format-time";
import { assignmentTitle } from "./assignment-title";

export interface TimelineItem {
  id: number;
  kind: string;
  at: string;
  actor: string;
  title: string;
  /** Shown collapsed: plugin requests/responses (already redacted when recorded), webhook attempts, payloads. */
  details?: unknown;
  failed?: boolean;
}

type P = Record<string, unknown> | null;
const s = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/**
 * Timeline items from history rows, oldest first. A decision and the transition it caused (next row, same
 * event) become one item; the transition row persistStep adds for a document decision is folded likewise.
 */
export function describeHistory(entries: HistoryEntry[], nameOf: (userId: string) => string): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (let i = 0; i < entries.length; i++) {
    const h = entries[i];
    const next = entries[i + 1];
    const folded = h.kind === "decision" && next?.kind === "transition" && next.eventName === h.eventName;
    items.push(describe(h, folded ? next : undefined, nameOf));
    if (folded) i++;
  }
  return items;
}

/** ` (approval 1 of 2)` for a four-eyes vote (see `voteSummary`), else nothing. */
function voteCount(p: P): string {
  if (p?.vote !== "approve" && p?.vote !== "reject") return "";
  const required = (p.required ?? {}) as Record<string, unknown>;
  return p.vote === "approve" ? ` (approval ${s(p.approvals)} of ${s(required.approvals)})` : ` (rejection ${s(p.rejections)} of ${s(required.rejections)})`;
}

function actorOf(h: HistoryEntry, nameOf: (id: string) => string): string {
  if (h.actor.type === "reviewer" && h.actor.id) return nameOf(h.actor.id);
  return h.actor.type === "api_key" ? "API" : "System";
}

function describe(h: HistoryEntry, transition: HistoryEntry | undefined, nameOf: (id: string) => string): TimelineItem {
  const p = (h.payload && typeof h.payload === "object" ? h.payload : null) as P;
  const base = { id: h.id, kind: h.kind, at: h.at, actor: actorOf(h, nameOf) };
  switch (h.kind) {
    case "created":
      return { ...base, title: `Case created in “${s(h.toState)}” (definition version ${s(p?.workflowDefinitionVersion)})` };
    case "transition": {
      if (p?.timer) return { ...base, kind: "timer", title: timerTitle(h, p.timer as P), details: p };
      if (p?.forced) return { ...base, title: `Moved by force: ${s(h.fromState)} → ${s(h.toState)} — “${s(p.reason)}”`, details: p };
      return { ...base, title: h.fromState === h.toState ? `${s(h.eventName)}: context updated in “${s(h.toState)}”` : `${s(h.eventName)}: ${s(h.fromState)} → ${s(h.toState)}`, details: p ?? undefined };
    }
    case "context_update": {
      if (p?.documentId !== undefined) return { ...base, title: `Document ${s(p.documentId)} ${s(p.change)} (version ${s(p.version)})`, details: p };
      const pointers = Array.isArray(p?.pointers) ? (p.pointers as unknown[]).map(s) : [];
      const via = h.eventName && h.eventName !== "context.patch" ? ` with “${s(h.eventName)}”` : "";
      return { ...base, title: `Case data changed${via}: ${pointers.slice(0, 5).join(", ")}${pointers.length > 5 ? ` and ${pointers.length - 5} more` : ""}`, details: p ?? undefined };
    }
    case "cancel":
      return { ...base, title: `Case canceled — “${s(p?.reason)}”`, failed: true };
    case "job_retried":
      return { ...base, title: `Failed job ${s(p?.kind)}${p?.pluginName ? ` (${s(p.pluginName)})` : ""} retried`, details: p ?? undefined };
    case "event_ignored":
      return { ...base, title: `Event “${s(h.eventName)}” did not move the case (${s(p?.reason) || "no transition applied"})`, failed: true };
    case "decision": {
      if (h.eventName === "document.decision") {
        const reason = p?.reason ? ` — ${s(p.reason)}` : "";
        const which = typeof p?.index === "number" ? `Document ${p.index + 1}` : `Document ${s(p?.documentId)}`;
        return { ...base, title: `${which} marked ${s(p?.status)}${reason}${p?.override ? " (admin override)" : ""}`, details: p ?? undefined };
      }
      const move = transition && transition.fromState !== transition.toState ? `: ${s(transition.fromState)} → ${s(transition.toState)}` : "";
      const reason = p?.reason ? ` — “${s(p.reason)}”` : "";
      return { ...base, title: `${p?.vote && !p.applied ? "Vote" : "Decision"} “${s(h.eventName)}”${move}${voteCount(p)}${reason}${p?.override ? " (admin override)" : ""}` };
    }
    case "assignment":
      return { ...base, title: assignmentTitle(p, nameOf) };
    case "plugin_call": {
      const response = (p?.response ?? null) as P;
      const status = response?.status ? ` HTTP ${s(response.status)}` : "";
      const retry = p?.retryInMs ? `, retrying in ${Math.round(Number(p.retryInMs) / 1000)} s` : "";
      const outcome = p?.ok ? "succeeded" : `failed${p?.error ? `: ${s(p.error)}` : ""}`;
      return { ...base, title: `Plugin ${s(p?.plugin ?? h.eventName)} (${s(p?.kind) || "api"}) ${outcome}${status}${retry}`, details: p ?? undefined, failed: !p?.ok };
    }
    case "webhook": {
      const code = p?.responseCode ? ` (HTTP ${s(p.responseCode)})` : p?.errorCode ? ` (${s(p.errorCode)})` : "";
      return { ...base, title: `Webhook ${s(p?.eventName ?? h.eventName)} to ${s(p?.url)}: ${s(p?.status)}${code}`, details: p ?? undefined, failed: p?.status !== "succeeded" };
    }
    case "sla_warning":
      return { ...base, title: `Review deadline near in “${s(h.toState)}”: due ${formatTime(s(p?.dueAt) || null, true)}`, details: p ?? undefined };
    case "sla_breached":
      return { ...base, title: `Review deadline passed in “${s(h.toState)}” (was due ${formatTime(s(p?.dueAt) || null, true)})`, details: p ?? undefined, failed: true };
    case "cond_error":
      return { ...base, title: `Condition error on “${s(h.eventName)}”: ${s(p?.message)}`, failed: true, details: p ?? undefined };
    default:
      return { ...base, title: `${h.kind.replace(/_/g, " ")}${h.eventName ? `: ${h.eventName}` : ""}`, details: p ?? undefined };
  }
}

/** A delayed transition (`after`) that fired: its delay, the state that started it, and where it led. */
function timerTitle(h: HistoryEntry, timer: P): string {
  const delay = s(timer?.after) || s(h.eventName).replace(/^after /, "");
  const started = timer?.node ? ` of “${s(timer.node)}”` : "";
  const move = h.fromState === h.toState ? `“${s(h.toState)}” entered again` : `${s(h.fromState)} → ${s(h.toState)}`;
  return `Timer after ${delay}${started} fired: ${move}`;
}
