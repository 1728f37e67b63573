import type { Db } from "../db/client";
import { eachAuditEvent, type AuditEventView, type AuditFilters } from "./list-audit-events";

export type AuditExportFormat = "csv" | "jsonl";

const CSV_COLUMNS = ["id", "at", "actor_type", "actor_id", "actor_name", "action", "target_type", "target_id", "request_id", "summary", "prev_hash", "hash"] as const;

/**
 * The project's matching audit rows, newest first, as a stream of CSV (RFC 4180, a header row, `summary` as JSON
 * in one cell) or JSON Lines (one `AuditEventView` per line). Rows are read a batch at a time as the client reads.
 */
export function auditExportStream(db: Db, projectId: string, filters: AuditFilters, format: AuditExportFormat): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const rows = eachAuditEvent(db, projectId, filters);
  let headerSent = format !== "csv";
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(CSV_COLUMNS.join(",") + "\r\n"));
        return;
      }
      const next = await rows.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(format === "csv" ? csvLine(next.value) : JSON.stringify(next.value) + "\n"));
    },
    async cancel() {
      await rows.return(undefined);
    },
  });
}

function csvLine(e: AuditEventView): string {
  const cells = [e.id, e.at, e.actor.type, e.actor.id, e.actor.name, e.action, e.target?.type, e.target?.id, e.requestId, JSON.stringify(e.summary), e.prevHash, e.hash];
  return cells.map(csvCell).join(",") + "\r\n";
}

/** A CSV cell, quoted when needed; a leading `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet does not run it as a formula. */
function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
