#!/usr/bin/env node
// The mutation score of a folder, summed over every Stryker results file in tests/mutation/ (a scope run whole or
// in parts with MUTATE_PART or MUTATE_FILES; the files are committed): `node scripts/mutation-score.mjs lib/runtime`.
// Where two results hold the same file, the newer one counts: a results file changed since its last commit by its
// file time, a committed one by its commit's time (a fresh clone gives every file the same file time). Score = killed + timed out over every mutant that
// ran (no-coverage ones count as survived), the figure Stryker prints as "% score".
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const folder = (process.argv[2] ?? "").replace(/\/$/, "");
const dir = "tests/mutation";
const reports = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => join(dir, f))
  .map((path) => ({ path, time: resultsTime(path) }))
  .sort((a, b) => a.time - b.time)
  .map((r) => r.path);
/** When a results file was written: its file time if it differs from what git holds, else its commit's time. */
function resultsTime(path) {
  const git = (...args) => {
    try {
      return execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    } catch {
      return "";
    }
  };
  const committed = git("log", "-1", "--format=%ct", "--", path);
  if (!committed || git("status", "--porcelain", "--", path)) return statSync(path).mtimeMs;
  return Number(committed) * 1000;
}
const files = new Map();
for (const path of reports) {
  const report = JSON.parse(readFileSync(path, "utf8"));
  for (const [file, result] of Object.entries(report.files ?? {})) if (!folder || file.startsWith(`${folder}/`)) files.set(file, result.mutants);
}
const DETECTED = ["Killed", "Timeout"];
const UNDETECTED = ["Survived", "NoCoverage"];
const count = (mutants, statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
const all = [...files.values()].flat();
const detected = count(all, DETECTED);
const total = detected + count(all, UNDETECTED);
const score = total ? Math.round((detected / total) * 10000) / 100 : 0;
console.log(`${folder || "all"}: ${files.size} files, ${detected} of ${total} mutants detected (${score} %), ${count(all, ["CompileError", "RuntimeError"])} invalid, ${count(all, ["Ignored"])} ignored`);
if (process.env.VERBOSE) {
  for (const [file, mutants] of [...files].sort()) console.log(`  ${file}: ${count(mutants, DETECTED)}/${count(mutants, DETECTED) + count(mutants, UNDETECTED)}`);
}
