/**
 * Which folder may import which: the layering of docs/architecture.md, checked by `npm run lint`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: "engine-is-pure",
      comment: "lib/engine computes and never performs: it imports nothing of ours but itself and lib/errors.",
      severity: "error",
      from: { path: "^lib/engine/" },
      to: { path: "^(lib/(?!engine/|errors/)|app/|components/|scripts/|bench/)" },
    },
    {
      name: "engine-no-io",
      comment: "lib/engine imports no database driver, framework or environment.",
      severity: "error",
      from: { path: "^lib/engine/" },
      to: { path: "node_modules/(next|drizzle-orm|postgres|@electric-sql|next-auth|react)/" },
    },
    {
      name: "leaves-import-no-database-or-runtime",
      comment: "lib/plugins and lib/net are leaves: no lib/db, lib/runtime or next/*.",
      severity: "error",
      from: { path: "^lib/(plugins|net)/", pathNot: "\\.test\\.ts$" },
      to: { path: "^lib/(db|runtime|cases|queues|webhooks|worker)/|node_modules/(next|drizzle-orm|postgres|@electric-sql)/" },
    },
    {
      name: "components-call-no-database",
      comment: "React components receive data; they never call the database.",
      severity: "error",
      from: { path: "^components/" },
      to: { path: "^lib/db/|node_modules/(drizzle-orm|postgres|@electric-sql)/" },
    },
    {
      name: "production-code-imports-no-tests",
      comment: "Test helpers live in tests/support (or beside the tests); no production module imports them.",
      severity: "error",
      from: { path: "^(lib|app|components)/", pathNot: "(\\.test\\.tsx?$|/testing(/|\\.ts$)|/test-support/)" },
      to: { path: "(^tests/|\\.test\\.tsx?$|/test-support/)" },
    },
    {
      name: "no-circular",
      comment: "No import cycles.",
      severity: "error",
      from: { pathNot: "\\.test\\.tsx?$" },
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.next-.*|drizzle|test-results|reports)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
