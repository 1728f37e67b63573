#!/usr/bin/env node
// Adds lockfile entries for platform-specific optional packages (e.g. @next/swc-darwin-arm64) that npm leaves
// out when its registry cannot serve them, as on this project's build machines. Without them `npm ci` refuses
// the lockfile as out of sync. Run after `npm install` changes package-lock.json:
//   node scripts/fix-lockfile.mjs
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const pk = lock.packages;
const OSES = ["darwin", "win32", "linux", "android", "openharmony", "freebsd", "openbsd", "netbsd", "sunos", "aix"];
const CPUS = ["arm64", "x64", "arm", "loong64", "ppc64", "riscv64", "s390x", "ia32", "wasm32"];
let added = 0;
for (const [key, meta] of Object.entries({ ...pk })) {
  for (const [name, spec] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ""}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (pk[nested] || pk[top]) continue;
    const parts = name.split("/").pop().toLowerCase().split(/[-_]/);
    const os = OSES.find((o) => parts.includes(o));
    const cpu = CPUS.find((c) => parts.includes(c));
    pk[top] = { version: String(spec).replace(/^[\^~=]/, ""), optional: true, ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`[fix-lockfile] added ${added} optional platform entries`);
