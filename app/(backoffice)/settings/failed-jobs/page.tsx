import type { Metadata } from "next";
import { FailedJobTable } from "@/components/settings/failed-job-table";
import { SettingsList } from "@/components/settings/settings-list";
import { listFailedJobs } from "@/lib/jobs/failed-jobs";
import { settingsPage } from "../admin-page";

export const metadata: Metadata = { title: "Failed jobs · Settings" };
export const dynamic = "force-dynamic";

const SHOWN = 100;

const INTRO = (
  <p className="hint">
    Plugin calls, webhook plugins and system webhooks that exhausted their attempts. Retry runs a job again at once with fresh attempts; a plugin call whose case
    has left the plugin&apos;s state finishes without calling. To send a case back through its checks, use Move on the case.
  </p>
);

// Settings › Failed jobs: the project's failed outbox jobs, newest first, with Retry.
export default settingsPage("/settings/failed-jobs", async (caller, db) => {
  const { data, nextCursor } = await listFailedJobs(db, { projectId: caller.projectId, limit: SHOWN });
  return (
    <SettingsList id="failed-jobs" title={`Failed jobs (${data.length}${nextCursor ? "+" : ""})`} intro={INTRO} count={data.length} empty={{ title: "No failed jobs", hint: "Jobs that exhaust their retries appear here." }}>
      <FailedJobTable jobs={data} />
      {nextCursor && <p className="hint">The newest {SHOWN} are shown; GET /api/v1/external/jobs?status=failed lists them all.</p>}
    </SettingsList>
  );
});
