#!/usr/bin/env node
// The mutation score of a folder, summed over every Stryker results file in tests/mutation/ (a scope run whole or
// in parts with MUTATE_PART or MUTATE_FILES; the files are committed): `node scripts/mutation-score.mjs lib/runtime`.
// Where two results hold the same file, the newer one counts. Score = killed + timed out over every mutant that
// ran (no-coverage ones count as survived), the figure Stryker prints as "% score".
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const folder = (process.argv[2] ?? "").replace(/\/$/, "");
const dir = "tests/mutation";
const reports = readdirSync(dir)
  .filter((f) => f.endsWith(".json"))
  .map((f) => join(dir, f))
  .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
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
