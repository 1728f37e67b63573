// `npm run audit:verify`: recompute every project's audit chain in DATABASE_URL (or the embedded database).
// Exit 0 with the number of rows checked, or 1 naming the first row (id, project) whose hash or link does not match.
import { getDbHandle } from "../lib/db/client";
import { verifyAuditChain } from "../lib/audit/verify-chain";

async function main(): Promise<number> {
  const handle = await getDbHandle();
  try {
    const report = await verifyAuditChain(handle.db);
    if (report.ok) {
      console.log(`[audit:verify] ok: ${report.count} audit rows in ${report.projects} project(s) match their chain`);
      return 0;
    }
    console.error(`[audit:verify] FAILED at audit row id=${report.id} project=${report.projectId}: ${report.reason} (${report.count} rows before it matched)`);
    return 1;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error("[audit:verify] failed:", error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
