import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** The repository root (bench/lib/..). */
export const root = path.resolve(__dirname, "../..");
export const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");

/** The build folder `next start` serves: `NEXT_DIST_DIR` (next.config.mjs reads the same variable) or `.next`. */
export function distDir(): string {
  return process.env.NEXT_DIST_DIR || ".next";
}

/** Build once when the build folder holds no production build, as `npm start` (scripts/start.mjs) does. */
export function ensureBuild(log: (line: string) => void = console.error): void {
  if (existsSync(path.join(root, distDir(), "BUILD_ID"))) return;
  log(`no production build in ${distDir()}/: running \`next build\` (once)…`);
  const build = spawnSync(process.execPath, [nextBin, "build"], { cwd: root, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (build.status !== 0) throw new Error(`next build failed (${build.signal ?? `exit code ${build.status}`})`);
}
