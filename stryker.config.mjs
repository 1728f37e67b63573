// @ts-check
import { createHash } from "node:crypto";
// Mutation testing (`npm run mutate`): Stryker changes one line at a time in the modules below and checks that
// some test fails. Not part of CI (too slow); quote the score in notes. See "Mutation testing" in README.md.
//
//   npm run mutate                          every target below, against the tests listed for it
//   MUTATE_SCOPE=engine npm run mutate      one target (engine, jobs, auth, runtime, idempotency; comma-separated for several)
//   MUTATE_DB=postgres npm run mutate       integration tests on the local PostgreSQL server instead of PGlite
//   MUTATE_SCOPE=runtime MUTATE_PART=core   one part of the runtime scope (rows, core, paths, rest), a sitting each
//
// Runs are incremental: only mutants whose code or covering tests changed since the last run of the same scope
// (or part) are tested again. Each keeps its own results file in `tests/mutation/`, because a run rewrites that
// file with only the mutants it looked at. The files are committed: a scope takes one to two hours on two cores,
// and a new checkout then re-tests only what changed since (`npx stryker run --force` starts over), and
// `node scripts/mutation-score.mjs lib/runtime` reads a folder's score from them.

// Integration tests run on one database per mutation run. The vitest runner has no option to pick projects, and
// the workers Stryker forks inherit this process's environment, so the choice is made through it: by default
// (MUTATE_DB=pglite) TEST_DATABASE_URL is unset, leaving the unit and int-pglite projects; MUTATE_DB=postgres keeps
// the unit and int-postgres projects (TEST_INT_DB=postgres drops int-pglite), on TEST_DATABASE_URL or the local
// server. PostgreSQL is several times faster per integration test than the embedded database, which makes the
// runtime scope affordable.
if (process.env.MUTATE_DB === "postgres") {
  process.env.TEST_INT_DB = "postgres";
  process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/postgres";
} else {
  delete process.env.TEST_DATABASE_URL;
}

/** Each target: the code mutated and the test files run against it (unit and PGlite integration tests). */
const SCOPES = {
  engine: { mutate: ["lib/engine/**/*.ts"], testFiles: ["lib/engine/**/*.test.ts"] },
  jobs: {
    mutate: ["lib/jobs/**/*.ts"],
    // The outbox's behaviour is observed through the worker, the plugins and timers that use it, and the failed-jobs
    // API (list and retry).
    testFiles: [
      "lib/jobs/**/*.test.ts",
      "lib/plugins/**/*.test.ts",
      "lib/worker/*.int.test.ts",
      "lib/runtime/timers.int.test.ts",
      "lib/webhooks/delivery-crash.int.test.ts",
      "app/api/internal/jobs/drain/*.int.test.ts",
      "app/api/v1/external/jobs/*.int.test.ts",
    ],
  },
  auth: {
    mutate: ["lib/auth/**/*.ts"],
    // The session wrappers (with-session, session, require-user) are exercised through the backoffice's routes.
    testFiles: ["lib/auth/**/*.test.ts", "app/api/backoffice/**/*.int.test.ts", "app/api/sandbox/*.int.test.ts"],
  },
  runtime: {
    mutate: ["lib/runtime/**/*.ts"],
    // Four-eyes votes, webhook plugin attempts and automatic assignment are steps of the runtime observed through
    // their own modules' tests; the audit trail's tests read what a patch, a move and a cancel record.
    testFiles: [
      "lib/runtime/**/*.test.ts",
      "app/api/backoffice/audit-events/*.int.test.ts",
      "app/api/v1/external/workflows/*.int.test.ts",
      "lib/review/review-actions.int.test.ts",
      "lib/review/four-eyes/*.int.test.ts",
      "lib/plugins/webhook-plugin-attempts.int.test.ts",
      "lib/queues/auto-assign.int.test.ts",
    ],
  },
  // The key's record (idempotency-keys: claim, read, settle) and the single routes' wrapper around it; batches claim
  // keys item by item, and the worker's maintenance sweeps expired records.
  idempotency: {
    mutate: ["lib/api/http/idempotency.ts", "lib/api/http/idempotency-keys.ts"],
    testFiles: ["lib/api/http/idempotency.int.test.ts", "app/api/v1/external/workflows/*.int.test.ts", "app/api/v1/external/bulk-operations/*.int.test.ts", "lib/worker/maintenance.int.test.ts"],
  },
};

/**
 * The runtime scope in four parts of 230 to 500 mutants, each a sitting of its own (`MUTATE_SCOPE=runtime
 * MUTATE_PART=core`): the rows a step plans, the step's core, the paths that call it, and the rest of the folder
 * (new files land there).
 */
const RUNTIME_ROWS = ["entities", "timer-job", "plan-step"];
const RUNTIME_CORE = ["step-many", "start-run", "prepare-run", "state-votes", "step"];
const RUNTIME_PATHS = [
  "definition-cache", "wait-settled", "effect-jobs", "runtime-view", "cancel-runtime", "persist-step", "documents/document-step",
  "deliver-plugin-results", "sql/runtime-update", "sql/runtime-insert", "history-view", "send-event", "webhook-plugin-job",
  "documents/add-document", "write-step", "list-runtimes",
];
const runtimeFiles = (names) => names.map((n) => `lib/runtime/${n}.ts`);
const PARTS = {
  rows: runtimeFiles(RUNTIME_ROWS),
  core: runtimeFiles(RUNTIME_CORE),
  paths: runtimeFiles(RUNTIME_PATHS),
  rest: ["lib/runtime/**/*.ts", ...runtimeFiles([...RUNTIME_ROWS, ...RUNTIME_CORE, ...RUNTIME_PATHS]).map((f) => `!${f}`)],
};

const requested = (process.env.MUTATE_SCOPE ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const unknown = requested.filter((s) => !(s in SCOPES));
if (unknown.length > 0) throw new Error(`MUTATE_SCOPE: unknown scope ${unknown.join(", ")}; use one or more of ${Object.keys(SCOPES).join(", ")}`);
const names = requested.length > 0 ? requested : Object.keys(SCOPES);
const chosen = names.map((n) => SCOPES[/** @type {keyof typeof SCOPES} */ (n)]);
// MUTATE_FILES narrows the chosen scopes to some of their files (comma-separated paths or globs), for a scope too
// slow to run in one sitting: each narrowed run keeps its own results file, named after the files it mutated, so
// a scope's score is the sum of its parts' reports (`node scripts/mutation-score.mjs`).
const part = process.env.MUTATE_PART ?? "";
if (part && !(part in PARTS && names.length === 1 && names[0] === "runtime")) throw new Error(`MUTATE_PART=${part}: use MUTATE_SCOPE=runtime with one of ${Object.keys(PARTS).join(", ")}`);
const only = part ? PARTS[/** @type {keyof typeof PARTS} */ (part)] : (process.env.MUTATE_FILES ?? "").split(",").map((s) => s.trim()).filter(Boolean);
const filesTag = part ? `-${part}` : only.length > 0 ? `-${createHash("sha256").update([...only].sort().join(",")).digest("hex").slice(0, 8)}` : "";
const name = (requested.length > 0 ? [...names].sort().join("-") : "all") + filesTag;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
const config = {
  testRunner: "vitest",
  plugins: ["@stryker-mutator/vitest-runner"],
  vitest: { configFile: "vitest.config.ts" },
  // Each mutant runs only the tests that executed it in the dry run.
  coverageAnalysis: "perTest",
  // Mutants run only while a module loads (constant tables) would need every test re-run in a fresh process
  // each; they are left out of the score rather than paid for.
  ignoreStatic: true,
  mutate: [...(only.length > 0 ? only : chosen.flatMap((s) => s.mutate)), "!**/*.test.ts"],
  testFiles: [...new Set(chosen.flatMap((s) => s.testFiles))],
  incremental: true,
  incrementalFile: `tests/mutation/${name}.json`,
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  thresholds: { high: 80, low: 60, break: null },
  // Two cores are the norm here; the integration tests also start an embedded database per file.
  concurrency: 2,
  // A mutant that turns a polling loop endless waits out this margin over its tests' own time; MUTATE_TIMEOUT_MS
  // lowers it for a part full of such loops (a timed-out mutant counts as detected, so keep it well above noise).
  timeoutMS: Number(process.env.MUTATE_TIMEOUT_MS ?? 15_000),
  dryRunTimeoutMinutes: 20,
  tempDirName: ".stryker-tmp",
  // Keep the sandbox copy small: builds, local data, browser tests and benchmarks are not needed by these tests.
  ignorePatterns: ["/.next-*", "/.data", "/data", "/reports", "/tests/mutation", "/test-results", "/playwright-report", "/e2e", "/bench", "/docs"],
};

export default config;
