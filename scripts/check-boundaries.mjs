#!/usr/bin/env node
// `npm run lint` part two: the import rules of .dependency-cruiser.cjs (module level), then no import cycle
// between folders (lib/<folder>, components/<folder>, app), which module-level rules cannot see: a folder
// cycle is what puts a lower layer under a higher one. Tests and test support are left out.
import { cruise } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const config = require("../.dependency-cruiser.cjs");
const tsConfig = extractTSConfig("tsconfig.json");
const result = await cruise(["app", "lib", "components", "proxy.ts", "instrumentation.ts"], { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } }, undefined, { tsConfig });
const output = result.output;

let failed = false;
for (const v of output.summary.violations) {
  failed = true;
  console.error(`error ${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle: ${v.cycle.map((c) => c.name ?? c).join(" → ")})` : ""}`);
}

const isTest = (p) => /(\.test\.tsx?$|\/testing(\/|\.ts$)|\/test-support\/|^tests\/|^e2e\/)/.test(p);
const folderOf = (p) => (p.match(/^(lib|components)\/[^/.]+/) ?? [p.startsWith("app/") ? "app" : p])[0];
const edges = new Map();
const why = new Map();
for (const m of output.modules) {
  if (isTest(m.source)) continue;
  const from = folderOf(m.source);
  for (const d of m.dependencies) {
    if (d.coreModule || d.couldNotResolve || d.resolved.includes("node_modules") || isTest(d.resolved)) continue;
    if (d.dependencyTypes.includes("type-only")) continue;
    const to = folderOf(d.resolved);
    if (from === to) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
    if (!why.has(`${from} ${to}`)) why.set(`${from} ${to}`, `${m.source} → ${d.resolved}`);
  }
}
// Tarjan's strongly connected components: any component of more than one folder is a cycle.
let index = 0;
const stack = [];
const on = new Set();
const idx = new Map();
const low = new Map();
const cycles = [];
function visit(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  on.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!idx.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
  }
  if (low.get(v) === idx.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      on.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component);
  }
}
for (const v of edges.keys()) if (!idx.has(v)) visit(v);
for (const component of cycles) {
  failed = true;
  console.error(`error no-folder-cycle: ${component.join(", ")} import each other:`);
  for (const a of component) for (const b of edges.get(a) ?? []) if (component.includes(b)) console.error(`  ${a} → ${b}   e.g. ${why.get(`${a} ${b}`)}`);
}
console.log(failed ? "boundaries: violations found" : `boundaries: ${output.summary.totalCruised} modules, no violations, no folder cycles`);
process.exit(failed ? 1 : 0);
