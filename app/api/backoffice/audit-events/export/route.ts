import { z } from "zod";
import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { readQuery } from "@/lib/api/http/read-query";
import { listAuditEventsQuerySchema } from "@/lib/api/schemas/audit-events";
import { auditExportStream } from "@/lib/audit/export-audit-events";
import { requireAuditReader } from "@/lib/audit/require-audit-reader";
import { withSession } from "@/lib/auth/with-session";
import { getDb } from "@/lib/db/client";

const exportQuerySchema = listAuditEventsQuerySchema.omit({ cursor: true, limit: true }).extend({ format: z.enum(["csv", "jsonl"]).default("csv") });

// GET /api/backoffice/audit-events/export?format=csv|jsonl&… – the Audit page's filters, every matching row streamed (admins and auditors)
export const GET = withSession(async (req, { caller }) => {
  const db = await getDb();
  await requireAuditReader(db, caller);
  const { format, ...filters } = readQuery(req, exportQuerySchema);
  const stamp = new Date().toISOString().slice(0, 19).replaceAll(":", "");
  return new Response(auditExportStream(db, caller.projectId, filters, format), {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8",
      "Content-Disposition": `attachment; filename="audit-${caller.projectId}-${stamp}.${format === "csv" ? "csv" : "jsonl"}"`,
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
