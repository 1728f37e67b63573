import { defineConfig } from "vitest/config";
import os from "node:os";
import path from "node:path";

// Three projects: pure unit tests, integration tests on embedded PGlite (unless TEST_INT_DB=postgres),
// and the same integration tests on a real PostgreSQL server when TEST_DATABASE_URL is set.
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

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a two-core CI machine, where most integration
    // files wait (on timers, on child processes, on the database) rather than compute. Two files at once there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias },
        test: { name: "unit", include: ["lib/**/*.test.ts", "components/**/*.test.ts", "tests/**/*.test.ts"], exclude: integration, environment: "node", env: testEnv },
      },
      // TEST_INT_DB=postgres leaves PGlite out (mutation runs of the integration tests, which are faster on a server).
      ...(process.env.TEST_INT_DB === "postgres"
        ? []
        : [
            {
              resolve: { alias },
              test: {
                name: "int-pglite",
                include: integration,
                env: { ...testEnv, TEST_DB_KIND: "pglite" },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]),
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              resolve: { alias },
              test: {
                name: "int-postgres",
                include: integration,
                env: { ...testEnv, TEST_DB_KIND: "postgres" },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
    ],
  },
});
