import { StateBadge, StatusBadge } from "@/components/ui/state-badge";
import { Time } from "@/components/ui/time";
import { Truncate } from "@/components/ui/truncate";
import type { RuntimeView } from "@/lib/runtime/runtime-view";

/** The case's name, state, status, tags and key facts. */
export function CaseHeader({ name, view, workflowName, entityId }: { name: string; view: RuntimeView; workflowName: string; entityId: string | null }) {
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
      </div>
      <p className="hint" style={{ margin: 0 }}>
        <Truncate text={`${workflowName} v${view.workflowDefinitionVersion}`} /> · entity id {entityId ?? "–"} · created <Time iso={view.createdAt} /> ·
        updated <Time iso={view.updatedAt} /> · version <span data-testid="case-version">{view.version}</span>
      </p>
    </header>
  );
}
