#!/usr/bin/env node
// `npm start`: build once when no production build exists, then serve the API and backoffice on PORT.
// Migrations, seeding and the in-process worker run inside the server at start (instrumentation.ts).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const port = process.env.PORT || "3000";
process.env.NEXTAUTH_URL ||= process.env.PUBLIC_URL || `http://localhost:${port}`;

if (!existsSync(path.join(root, ".next", "BUILD_ID"))) {
  console.log("[start] no production build found: running `next build` (once)…");
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, [nextBin, "start", "-p", port, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
