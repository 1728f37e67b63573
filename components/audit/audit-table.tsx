import Link from "next/link";
import { ListTable } from "@/components/ui/list-table";
import { Time } from "@/components/ui/time";
import type { AuditEventView } from "@/lib/audit/list-audit-events";

const COLUMNS = ["#", "Time", "Actor", "Action", "Target", "Summary", "Request"];

/** The audit rows of one page, newest first: time, actor, action, target, what changed and the request id. */
export function AuditTable({ events, userNames }: { events: AuditEventView[]; userNames: Record<string, string> }) {
  return (
    <ListTable className="cases" caption="Audit events, newest first" testId="audit-table" headings={COLUMNS} rows={events}>
      {(e) => (
        <tr key={e.id}>
          <td className="mono">{e.id}</td>
          <td>
            <Time iso={e.at} withSeconds />
          </td>
          <td title={e.actor.id ?? undefined}>{actorLabel(e.actor, userNames)}</td>
          <td className="mono">{e.action}</td>
          <td title={e.target?.id ?? undefined}>{targetCell(e.target)}</td>
          <td className="mono" title={JSON.stringify(e.summary)}>
            {JSON.stringify(e.summary)}
          </td>
          <td className="mono" title={e.requestId ?? undefined}>
            {e.requestId?.slice(0, 8) ?? "–"}
          </td>
        </tr>
      )}
    </ListTable>
  );
}

function actorLabel(actor: AuditEventView["actor"], userNames: Record<string, string>): string {
  if (actor.type === "user") return (actor.id && userNames[actor.id]) || actor.name || "unknown user";
  return actor.id ? `${actor.type === "api_key" ? "API key" : actor.type} ${actor.id.slice(0, 8)}` : actor.type;
}

function targetCell(target: AuditEventView["target"]) {
  if (!target) return "–";
  if (target.type === "runtime" && target.id) return <Link href={`/cases/${target.id}`}>case {target.id.slice(0, 8)}</Link>;
  return `${target.type.replaceAll("_", " ")} ${target.id ?? ""}`;
}
