// Where does a request's time go without Next.js in front? Calls the run and send-event route handlers
// directly against PostgreSQL (BENCH_DATABASE_URL) and prints per-request milliseconds, sequential and concurrent.
import { pathToFileURL } from "node:url";
import { selectBenchDatabase } from "./lib/bench-env";

export async function runHandlerProfile(n = Number(process.env.BENCH_SAMPLES ?? 1000)): Promise<Record<string, number>> {
  process.env.RATE_LIMIT_PER_MINUTE = "0";
  selectBenchDatabase();
  const { openTestDatabase } = await import("../tests/support/test-database");
  const { seedDefinition, seedProject } = await import("../tests/support/seed");
  const { call } = await import("../tests/support/http");
  const { POST: run } = await import("../app/api/v1/external/workflows/run/route");
  const { POST: send } = await import("../app/api/v1/external/workflows/[workflowRuntimeId]/send-event/route");
  const t = await openTestDatabase();
  try {
    const key = await seedProject(t.db, "bench");
    await seedDefinition(t.db, "bench", { edit: (d) => void (d.extensions.apiPlugins = []) });
    const body = (i: number) => ({ workflowId: "kyb_manual_review_example", context: { entity: { id: `e${i}`, type: "business", data: { companyName: "X" } } } });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await call(run, "POST", "/r", { key, body: body(-i - 1) })).json.workflowRuntimeId);
    let t0 = performance.now();
    for (let i = 0; i < n; i++) ids.push((await call(run, "POST", "/r", { key, body: body(i) })).json.workflowRuntimeId);
    const runSeq = (performance.now() - t0) / n;
    t0 = performance.now();
    for (let i = 0; i < n; i++) await call(send, "POST", "/e", { key, body: { name: "start" }, params: { workflowRuntimeId: ids[50 + i] } });
    const eventSeq = (performance.now() - t0) / n;
    t0 = performance.now();
    await Promise.all(Array.from({ length: n }, (_, i) => call(run, "POST", "/r", { key, body: body(n + i) })));
    const runConc = (performance.now() - t0) / n;
    return { "run ms/request (sequential)": runSeq, "send-event ms/request (sequential)": eventSeq, "run ms/request (all concurrent)": runConc };
  } finally {
    await t.dispose();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHandlerProfile().then((f) => console.log(f));
}
