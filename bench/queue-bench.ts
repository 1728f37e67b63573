// Backoffice queue pages over 1,000,000 cases on PostgreSQL (BENCH_DATABASE_URL; 100,000 on PGlite; BENCH_CASES
// changes it): every sort and quick filter the page offers, search by each field, and the sidebar's counts.
// Prints the seeding time and the median of 5 runs per query, in milliseconds.
import { pathToFileURL } from "node:url";
import { selectBenchDatabase } from "./lib/bench-env";
import { recordGoalFacts } from "./lib/goals";
import { seedQueueCases } from "./lib/queue-seed";

export function queueBenchCases(): number {
  return Number(process.env.BENCH_CASES ?? (process.env.BENCH_DATABASE_URL ? 1_000_000 : 100_000));
}

export async function runQueueBench(cases = queueBenchCases()): Promise<Record<string, number>> {
  selectBenchDatabase();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { seedDefinition, seedProject } = await import("../tests/support/seed");
  const { listQueueCases } = await import("../lib/queues/list-queue-cases");
  const { parseQueueParams } = await import("../lib/queues/queue-params");
  const { openRuntimeCounts } = await import("../lib/queues/queue-counts");
  const t = await openTestDatabase();
  try {
    await seedProject(t.db, "bench");
    const { id: workflowId } = await seedDefinition(t.db, "bench");
    const started = performance.now();
    await seedQueueCases(t.db, "bench", workflowId, cases);
    const seedSeconds = (performance.now() - started) / 1000;
    const filter = { id: "f", name: "All", entity: "businesses" as const, projectId: "bench", createdAt: new Date().toISOString(), query: { where: { workflowDefinitionId: { in: [workflowId] } }, select: { id: true } } };
    const user = { id: "00000000-0000-0000-0000-000000000000", email: "a@b.c", name: "A", role: "admin" as const, projectId: "bench" };
    const median = async (run: () => Promise<unknown>) => {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await run();
        runs.push(performance.now() - t0);
      }
      return runs.sort((a, b) => a - b)[2]!;
    };
    const list = (params: Record<string, string>) => listQueueCases(t.db, user, filter as never, parseQueueParams(params));
    const time = (params: Record<string, string>) => median(() => list(params));
    const first = await list({});
    const byDue = await list({ sort: "due" });
    const newest = first.rows[0]!;
    const figures: Record<string, number> = {
      cases,
      "seed seconds": seedSeconds,
      "first page ms": await time({}),
      "next page ms": await time({ cursor: first.nextCursor ?? "" }),
      "state=manual_review ms": await time({ state: "manual_review" }),
      "unassigned + active ms": await time({ assignee: "unassigned", status: "active" }),
      "sort by company name ms": await time({ sort: "name" }),
      "sort by due date ms": await time({ sort: "due" }),
      "sort by due date, next page ms": await time({ sort: "due", cursor: byDue.nextCursor ?? "" }),
      "overdue ms": await time({ due: "overdue" }),
      "overdue, sort by due date ms": await time({ due: "overdue", sort: "due" }),
      "search company name ms": await time({ q: "Company 77777 " }),
      "search e-mail ms": await time({ q: "ops4242@example.com" }),
      "search representative e-mail ms": await time({ q: "rep4242@example.org" }),
      "search entity id ms": await time({ q: "corr-99999" }),
      "search runtime id ms": await time({ q: newest.id }),
      "search matching every case ms": await time({ q: "ltd" }),
      "search e-mail domain (every case) ms": await time({ q: "@example.com" }),
      "search matching none ms": await time({ q: "no such company" }),
      "sidebar counts (open, overdue) ms": await median(() => openRuntimeCounts(t.db, "bench", [filter as never])),
    };
    const [query, ms] = Object.entries(figures).filter(([name]) => name.endsWith(" ms")).sort((a, b) => b[1] - a[1])[0];
    recordGoalFacts({ queueSlowestMs: { cases, ms: Math.round(ms * 10) / 10, query: query.replace(/ ms$/, "") } });
    return figures;
  } finally {
    await t.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runQueueBench().then((f) => console.log(f));
}
