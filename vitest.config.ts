import { defineConfig } from "vitest/config";
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

// Projects: pure unit tests, integration tests on embedded PGlite (int-pglite and int-pglite-isolated, unless
// TEST_INT_DB=postgres), and the same integration tests on a real PostgreSQL server when TEST_DATABASE_URL is set
// (int-postgres, int-postgres-isolated). `--project 'int-pglite*'` picks both halves of one database.
// `import "server-only"` marks the modules that read secrets. Next.js resolves it itself (empty on the server, a build
// error in a client component); everywhere else (tsx scripts, the worker, these tests) it is the empty module that
// the package's react-server export points at, through this alias and the `paths` entry in tsconfig.json.
const alias = { "@": path.resolve(__dirname), "server-only": path.resolve(__dirname, "node_modules/next/dist/compiled/server-only/empty.js") };
// Fixed keys so tests never write a key file; DATA_DIR points at a throw-away folder.
const testEnv = {
  MASTER_KEY: "0f".repeat(32),
  AUTH_SECRET: "test-auth-secret",
  DATA_DIR: path.join(process.env.TMPDIR ?? "/tmp", "kyc-test-data"),
  APP_ENVIRONMENT: "sandbox",
  // scrypt at N = 2^10 instead of 2^17 (honoured only under NODE_ENV=test; lib/auth/password.ts).
  SCRYPT_TEST_LOG2_N: "10",
  // Request and job lines (info) would bury the test report; tests that read log lines capture them at info
  // (setLogDestination in lib/observability/logger.ts).
  LOG_LEVEL: "warn",
};
const integration = ["lib/**/*.int.test.ts", "app/**/*.int.test.ts", "tests/**/*.int.test.ts"];

/**
 * Integration test files that replace modules or change the process for the files after them (`vi.mock` and the
 * other `vi` stand-ins, an assignment to `process.env`), or that need a process nothing ran in before (a line
 * `// Needs a fresh process: <why>`). Each of them runs in a process of its own (Vitest's
 * default isolation). Every other integration file shares its worker's modules with the files before it, which
 * spares each file about 2 s of imports and a cold start; so module state a file leaves behind (caches, the process
 * database set by openTestDatabase) must not change what a later file sees.
 */
function isolatedIntegrationFiles(): string[] {
  const changesTheProcess = /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|process\.env(\.\w+|\[[^\]]+\])\s*=(?!=)|delete process\.env|^\/\/ Needs a fresh process:/m;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.name.endsWith(".int.test.ts") && changesTheProcess.test(readFileSync(file, "utf8"))) files.push(path.relative(__dirname, file));
    }
  };
  for (const dir of ["lib", "app", "tests"]) walk(path.join(__dirname, dir));
  return files;
}

const isolated = isolatedIntegrationFiles();

/** The integration projects of one database: `int-<kind>` (shared modules) and `int-<kind>-isolated`. */
function integrationProjects(kind: "pglite" | "postgres") {
  const common = { env: { ...testEnv, TEST_DB_KIND: kind }, testTimeout: 60_000, hookTimeout: 120_000 };
  return [
    { resolve: { alias }, test: { ...common, name: `int-${kind}`, include: integration, exclude: isolated, isolate: false } },
    { resolve: { alias }, test: { ...common, name: `int-${kind}-isolated`, include: isolated } },
  ];
}

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, where most integration
    // files wait (on timers, on child processes, on the database) rather than compute. Two files at once there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["lib/**/*.test.ts", "components/**/*.test.ts", "tests/**/*.test.ts", "bench/**/*.test.ts"], exclude: integration, environment: "node", env: testEnv },
      },
      // TEST_INT_DB=postgres leaves PGlite out (mutation runs of the integration tests, which are faster on a server).
      ...(process.env.TEST_INT_DB === "postgres" ? [] : integrationProjects("pglite")),
      ...(process.env.TEST_DATABASE_URL ? integrationProjects("postgres") : []),
    ],
  },
});
