/** A rule that fails `npm run lint`: no import `from` a module matching the first pattern `to` one matching the second. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: "error", from, to });

/**
 * Which folder may import which: the layering of docs/architecture.md, checked by `npm run lint`.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    forbid("engine-is-pure", "lib/engine computes and never performs: it imports nothing of ours but itself and lib/errors.",
      { path: "^lib/engine/" },
      { path: "^(lib/(?!engine/|errors/)|app/|components/|scripts/|bench/)" }),
    forbid("engine-no-io", "lib/engine imports no database driver, framework or environment.",
      { path: "^lib/engine/" },
      { path: "node_modules/(next|drizzle-orm|postgres|@electric-sql|next-auth|react)/" }),
    forbid("leaves-import-no-database-or-runtime", "lib/plugins and lib/net are leaves: no lib/db, lib/runtime or next/*.",
      { path: "^lib/(plugins|net)/", pathNot: "\\.test\\.ts$" },
      { path: "^lib/(db|runtime|cases|queues|webhooks|worker)/|node_modules/(next|drizzle-orm|postgres|@electric-sql)/" }),
    forbid("components-call-no-database", "React components receive data; they never call the database.",
      { path: "^components/" },
      { path: "^lib/db/|node_modules/(drizzle-orm|postgres|@electric-sql)/" }),
    forbid("production-code-imports-no-tests", "Test helpers live in tests/support (or beside the tests); no production module imports them.",
      { path: "^(lib|app|components)/", pathNot: "(\\.test\\.tsx?$|/testing(/|\\.ts$)|/test-support/)" },
      { path: "(^tests/|\\.test\\.tsx?$|/test-support/)" }),
    forbid("no-circular", "No import cycles.",
      { pathNot: "\\.test\\.tsx?$" },
      { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } }),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|\\.next|\\.next-.*|drizzle|test-results|reports)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default"], extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] },
  },
};
