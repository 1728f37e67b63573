import { DueLabel } from "@/components/ui/due-label";
import { StateBadge, StatusBadge } from "@/components/ui/state-badge";
import { Time } from "@/components/ui/time";
import { Truncate } from "@/components/ui/truncate";
import type { RuntimeDetail } from "@/lib/review/runtime-detail";
import type { RuntimeView } from "@/lib/runtime/runtime-view";

interface Props {
  name: string;
  view: RuntimeView;
  workflowName: string;
  entityId: string | null;
  deadline: RuntimeDetail["deadline"];
  /** When the page was rendered (ms): the deadline's first render, before the browser's clock takes over. */
  now: number;
}

/** The case's name, state, status, tags, review deadline and key facts. */
export function CaseHeader({ name, view, workflowName, entityId, deadline, now }: Props) {
  return (
    <header style={{ marginBottom: "1rem" }}>
      <div className="page-head" style={{ marginBottom: "0.4rem" }}>
        <h1 title={name}>
          <Truncate text={name} />
        </h1>
        <StateBadge state={view.state} tags={view.tags} status={view.status} finalState={view.workflowFinalState} />
        <StatusBadge status={view.status} />
        {view.tags.map((t) => (
          <span key={t} className="tag">
            {t}
          </span>
        ))}
        {deadline.dueAt && (
          <span className="case-due" data-testid="case-deadline">
            Due <DueLabel dueAt={deadline.dueAt} dueWarnAt={deadline.dueWarnAt} now={now} /> · <Time iso={deadline.dueAt} />
          </span>
        )}
      </div>
      <p className="hint" style={{ margin: 0 }}>
        <Truncate text={`${workflowName} v${view.workflowDefinitionVersion}`} /> · entity id {entityId ?? "–"} · created <Time iso={view.createdAt} /> ·
        updated <Time iso={view.updatedAt} /> · version <span data-testid="case-version">{view.version}</span>
      </p>
    </header>
  );
}
