import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DefinitionJson } from "@/components/definitions/definition-json";
import { PluginsSummary } from "@/components/definitions/plugins-summary";
import { VersionList } from "@/components/definitions/version-list";
import { Time } from "@/components/ui/time";
import { StatechartDiagram } from "@/components/workflows/statechart-diagram";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { loadDefinitionView, versionParam } from "@/lib/definitions/definition-view";
import { toEditableDocument } from "@/lib/definitions/editable-document";
import { isActiveAdmin, userCaller } from "@/lib/callers";

type Props = { params: Promise<{ definitionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Definition ${(await params).definitionId}` };
}

// One definition: its versions, the selected version's statechart, plugins and JSON; admins can edit.
export default async function DefinitionPage({ params, searchParams }: Props) {
  const id = (await params).definitionId;
  const query = await searchParams;
  const user = await requireUser(`/workflows/${encodeURIComponent(id)}`);
  const db = await getDb();
  const view = await loadDefinitionView(db, user.projectId, id, versionParam(query.version));
  if (!view) notFound();
  const canEdit = await isActiveAdmin(db, userCaller(user));
  const { row, latestVersion } = view;
  const isLatest = row.version === latestVersion;
  const editHref = `/workflows/${encodeURIComponent(id)}/edit${isLatest ? "" : `?from=${row.version}`}`;
  return (
    <>
      <div className="breadcrumb">
        <Link href="/workflows">Definitions</Link> / <span className="mono">{id}</span>
      </div>
      <div className="page-head">
        <h1 title={row.name}>{row.name}</h1>
        <span className={`badge ${isLatest ? "badge-info" : ""}`} data-testid="shown-version">
          v{row.version}
          {isLatest ? " · latest" : ` · latest is v${latestVersion}`}
        </span>
        {canEdit && (
          <Link className="btn btn-small" href={editHref}>
            {isLatest ? "Edit as JSON" : `Edit a copy of v${row.version}`}
          </Link>
        )}
      </div>
      {query.saved === "1" && isLatest && (
        <div className="banner banner-ok" role="status" data-testid="saved-banner">
          <strong>Saved as version {row.version}.</strong>
          New cases start on this version from now on; cases already running keep the version they started with.
        </div>
      )}
      <div className="config-grid">
        <div className="stack">
          <section className="panel" aria-labelledby="diagram-heading">
            <h2 id="diagram-heading">Statechart</h2>
            <StatechartDiagram statechart={row.definition} title={`Statechart of ${row.name} v${row.version}`} />
          </section>
          <PluginsSummary plugins={view.plugins} />
          <DefinitionJson document={toEditableDocument(row)} version={row.version} />
        </div>
        <div className="stack">
          <section className="panel" aria-labelledby="about-heading">
            <h2 id="about-heading">About v{row.version}</h2>
            <dl className="fields">
              <dt>Id</dt>
              <dd className="mono">{row.id}</dd>
              <dt>Type</dt>
              <dd>{row.definitionType}</dd>
              <dt>States</dt>
              <dd>{Object.keys((row.definition.states as Record<string, unknown> | undefined) ?? {}).length}</dd>
              <dt>Saved</dt>
              <dd>
                <Time iso={row.createdAt.toISOString()} />
              </dd>
              <dt>New runs</dt>
              <dd>{isLatest ? "use this version" : `use v${latestVersion}`}</dd>
            </dl>
          </section>
          <VersionList definitionId={id} versions={view.versions} selected={row.version} />
        </div>
      </div>
    </>
  );
}
