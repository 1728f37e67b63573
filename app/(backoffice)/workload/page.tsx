import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { HeldCases } from "@/components/workload/held-cases";
import { WorkloadTable } from "@/components/workload/workload-table";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { HELD_CASES_LIMIT, openCasesOf } from "@/lib/queues/open-cases-of";
import { workload } from "@/lib/queues/workload";

export const metadata: Metadata = { title: "Workload" };
export const dynamic = "force-dynamic";

/** When the page was rendered (ms), the due labels' first "now". */
const renderedAt = () => Date.now();

// /workload: open cases per person (any role); `?user=<id>` lists that person's cases (admins and auditors: anyone's; reviewers: their own).
export default async function WorkloadPage({ searchParams }: { searchParams: Promise<{ user?: string | string[] }> }) {
  const user = await requireUser("/workload");
  const db = await getDb();
  const { people, unassigned } = await workload(db, user.projectId);
  const mayList = (userId: string) => user.role !== "reviewer" || userId === user.id;
  const wanted = (await searchParams).user;
  const selected = typeof wanted === "string" ? (people.find((p) => p.userId === wanted) ?? null) : null;
  if (selected && !mayList(selected.userId)) forbidden();
  return (
    <>
      <div className="page-head">
        <h1>Workload</h1>
        <p className="hint">Open cases per person: assigned to them and not finished. Overdue: past the review deadline of their state.</p>
      </div>
      <p data-testid="workload-unassigned">
        <strong>{unassigned.open}</strong> open {unassigned.open === 1 ? "case is" : "cases are"} unassigned
        {unassigned.overdue > 0 && <span className="badge badge-danger">{unassigned.overdue} overdue</span>}.
      </p>
      <WorkloadTable people={people} selected={selected?.userId ?? null} linkable={mayList} />
      {selected && <HeldCases name={selected.name} cases={await openCasesOf(db, user.projectId, selected.userId)} limit={HELD_CASES_LIMIT} now={renderedAt()} />}
    </>
  );
}
