import type { Metadata } from "next";
import Link from "next/link";
import { forbidden } from "next/navigation";
import { AuditTable } from "@/components/audit/audit-table";
import { EmptyState } from "@/components/ui/empty-state";
import { listAuditEvents, type AuditFilters } from "@/lib/audit/list-audit-events";
import { mayReadAudit } from "@/lib/audit/require-audit-reader";
import { requireUser } from "@/lib/auth/require-user";
import { userCaller } from "@/lib/callers";
import { getDb } from "@/lib/db/client";
import { listUsers } from "@/lib/users/list-users";

export const metadata: Metadata = { title: "Audit" };
export const dynamic = "force-dynamic";

const PAGE = 50;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type Search = Record<string, string | string[] | undefined>;

// /audit: the project's audit trail for admins and auditors (403 for reviewers), with the API's filters and export.
export default async function AuditPage({ searchParams }: { searchParams: Promise<Search> }) {
  const user = await requireUser("/audit");
  const db = await getDb();
  if (!(await mayReadAudit(db, userCaller(user)))) forbidden();
  const search = await searchParams;
  const form = { actor: one(search.actor), action: one(search.action), target: one(search.target), from: day(search.from), to: day(search.to) };
  const filters: AuditFilters = {
    actor: form.actor || undefined,
    action: form.action || undefined,
    target: form.target || undefined,
    from: form.from ? `${form.from}T00:00:00Z` : undefined,
    to: form.to ? new Date(Date.parse(`${form.to}T00:00:00Z`) + 86_400_000).toISOString() : undefined,
  };
  const { data, nextCursor } = await listAuditEvents(db, user.projectId, { ...filters, cursor: one(search.cursor) || undefined, limit: PAGE });
  const userNames = Object.fromEntries((await listUsers(db, user.projectId)).map((u) => [u.id, u.name]));
  const exportQuery = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => !!e[1]));
  const older = new URLSearchParams({ ...Object.fromEntries(Object.entries(form).filter(([, v]) => v)), ...(nextCursor ? { cursor: nextCursor } : {}) });
  return (
    <>
      <div className="page-head">
        <h1>Audit</h1>
        <p className="hint">Every human and API key action, chained by hash; rows cannot be changed or deleted.</p>
      </div>
      <form className="toolbar" method="get" aria-label="Filter audit events">
        <label>
          Actor (id or e-mail)
          <input name="actor" defaultValue={form.actor} />
        </label>
        <label>
          Action (or prefix, e.g. case.)
          <input name="action" defaultValue={form.action} />
        </label>
        <label>
          Target id
          <input name="target" defaultValue={form.target} />
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={form.from} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={form.to} />
        </label>
        <button type="submit" className="btn">
          Filter
        </button>
        <a className="btn" href={`/api/backoffice/audit-events/export?${new URLSearchParams([...exportQuery, ["format", "csv"]])}`} download>
          Export CSV
        </a>
        <a className="btn" href={`/api/backoffice/audit-events/export?${new URLSearchParams([...exportQuery, ["format", "jsonl"]])}`} download>
          Export JSON Lines
        </a>
      </form>
      {data.length ? <AuditTable events={data} userNames={userNames} /> : <EmptyState title="No audit events">Nothing matches these filters.</EmptyState>}
      {nextCursor && (
        <p>
          <Link href={`/audit?${older}`}>Older events</Link>
        </p>
      )}
    </>
  );
}

function one(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v)?.trim().slice(0, 320) ?? "";
}

function day(v: string | string[] | undefined): string {
  const s = one(v);
  return DAY.test(s) ? s : "";
}
