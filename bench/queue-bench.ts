// Backoffice queue pages over 100,000 cases: default page, next page, quick filters, sort by name and search.
// PGlite, or a fresh database on BENCH_DATABASE_URL. Prints the median of 5 runs per query, in milliseconds.
import { pathToFileURL } from "node:url";
import { selectBenchDatabase } from "./lib/bench-env";
import { sql } from "drizzle-orm";

export async function runQueueBench(cases = Number(process.env.BENCH_CASES ?? 100_000)): Promise<Record<string, number>> {
  selectBenchDatabase();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { seedDefinition, seedProject } = await import("../tests/support/seed");
  const { listQueueCases } = await import("../lib/queues/list-queue-cases");
  const { parseQueueParams } = await import("../lib/queues/queue-params");
  const t = await openTestDatabase();
  try {
    await seedProject(t.db, "bench");
    await seedDefinition(t.db, "bench");
    const started = performance.now();
    await t.db.execute(sql`
      insert into businesses (id, project_id, correlation_id, company_name, email, registration_number)
      select md5('b' || g)::uuid, 'bench', 'corr-' || g, 'Company ' || g || ' Ltd', 'ops' || g || '@example.com', 'REG' || g
      from generate_series(1, ${cases}) g`);
    await t.db.execute(sql`
      insert into workflow_runtimes (project_id, workflow_definition_id, workflow_definition_version, business_id, state, status, tags, context, created_at)
      select 'bench', 'kyb_manual_review_example', 1, md5('b' || g)::uuid,
             (array['manual_review','auto_approve','auto_reject','check_business_details'])[1 + g % 4],
             case when g % 4 in (1, 2) then 'completed' else 'active' end,
             case when g % 4 = 0 then array['manual_review'] else array[]::text[] end,
             jsonb_build_object('entity', jsonb_build_object('id', 'corr-' || g, 'data', jsonb_build_object('companyName', 'Company ' || g || ' Ltd'))),
             now() - (g || ' seconds')::interval
      from generate_series(1, ${cases}) g`);
    await t.db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - started) / 1000;
    const filter = { id: "f", name: "All", entity: "businesses" as const, projectId: "bench", createdAt: new Date().toISOString(), query: { where: { workflowDefinitionId: { in: ["kyb_manual_review_example"] } }, select: { id: true } } };
    const user = { id: "00000000-0000-0000-0000-000000000000", email: "a@b.c", name: "A", role: "admin" as const, projectId: "bench" };
    const time = async (params: Record<string, string>) => {
      const runs: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        await listQueueCases(t.db, user, filter as never, parseQueueParams(params));
        runs.push(performance.now() - t0);
      }
      return runs.sort((a, b) => a - b)[2];
    };
    const first = await listQueueCases(t.db, user, filter as never, parseQueueParams({}));
    return {
      cases,
      "seed seconds": seedSeconds,
      "first page ms": await time({}),
      "next page ms": await time({ cursor: first.nextCursor ?? "" }),
      "state=manual_review ms": await time({ state: "manual_review" }),
      "unassigned + active ms": await time({ assignee: "unassigned", status: "active" }),
      "sort by company name ms": await time({ sort: "name" }),
      "search company name ms": await time({ q: "Company 77777 " }),
      "search e-mail ms": await time({ q: "ops4242@example.com" }),
      "search entity id ms": await time({ q: "corr-99999" }),
    };
  } finally {
    await t.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runQueueBench().then((f) => console.log(f));
}
