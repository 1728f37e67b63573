import { PHASE_PRODUCTION_BUILD } from "next/constants.js";
import { securityHeaderRules } from "./lib/api/http/security-headers.mjs";

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR=.next-<name> builds and serves from another folder, so a second build (bench, fuzz, chaos)
  // never overwrites the one `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The database drivers and the WebAssembly RE2 (lib/engine/linear-regexp.ts) load native/wasm assets at run
  // time from their package folders; keep them out of the bundle. prom-client keeps one registry per process and
  // the OpenTelemetry SDK is loaded only when tracing is on (lib/observability): both stay plain Node modules.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "re2-wasm", "@opentelemetry/sdk-node", "@opentelemetry/exporter-trace-otlp-http", "prom-client"],
  // re2-wasm is required at run time (so it can be reloaded) and file tracing skips .wasm files: ship it whole.
  // The sandbox's sample document pages are read from lib/sandbox/sample-pages at run time (lib/sandbox/sample-pages.ts).
  outputFileTracingIncludes: {
    "*": ["./node_modules/re2-wasm/package.json", "./node_modules/re2-wasm/build/**/*", "./lib/sandbox/sample-pages/*"],
  },
  poweredByHeader: false,
  // API responses are small JSON; compressing them costs more CPU than it saves. A reverse proxy may compress.
  compress: false,
  reactStrictMode: true,
  // forbidden() (next/navigation) renders app/(backoffice)/forbidden.tsx with HTTP 403: a page refused to a role.
  // A CI run builds once from a fresh clone: Turbopack's build cache would only be written, never read.
  // NEXT_SERVER_MINIFY=0 keeps the server bundle's function names, for CPU profiles (docs/performance.md).
  experimental: { authInterrupts: true, turbopackFileSystemCacheForBuild: process.env.CI !== "true", serverMinification: process.env.NEXT_SERVER_MINIFY !== "0" },
  // .ci/run type-checks the whole project (`npm run typecheck`) before it builds and sets NEXT_BUILD_TYPECHECKED=1:
  // the build does not check the same files a second time. Every other build checks them.
  typescript: { ignoreBuildErrors: process.env.NEXT_BUILD_TYPECHECKED === "1" },
  // nosniff, Referrer-Policy and X-Frame-Options everywhere, the API's strict policy on /api, HSTS over HTTPS.
  // Pages get their Content-Security-Policy (with a nonce) from proxy.ts.
  headers: async () => securityHeaderRules(),
};

// Every production build also writes the standalone server the container image runs (.next/standalone, see
// Dockerfile and docs/deploy.md). Only the build sees `output: "standalone"`: `next start` (npm start, the tests)
// keeps serving .next without warning that it "does not work with output: standalone".
const configFor = (phase) => (phase === PHASE_PRODUCTION_BUILD ? { ...nextConfig, output: "standalone" } : nextConfig);
export default configFor;
