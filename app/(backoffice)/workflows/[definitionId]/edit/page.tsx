import type { Metadata } from "next";
import Link from "next/link";
import { forbidden, notFound } from "next/navigation";
import { DefinitionEditor } from "@/components/definitions/definition-editor";
import { requireUser } from "@/lib/auth/require-user";
import { getDb } from "@/lib/db/client";
import { findDefinition } from "@/lib/definitions";
import { versionParam } from "@/lib/definitions/definition-view";
import { isActiveAdmin, userCaller } from "@/lib/callers";
import { toEditableDocument } from "@/lib/definitions/editable-document";

type Props = { params: Promise<{ definitionId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `Edit ${(await params).definitionId}` };
}

// Edit a definition as JSON (admins): validate, then save as the next version. `?from=N` starts from version N.
export default async function EditDefinitionPage({ params, searchParams }: Props) {
  const id = (await params).definitionId;
  const user = await requireUser(`/workflows/${encodeURIComponent(id)}/edit`);
  const db = await getDb();
  if (!(await isActiveAdmin(db, userCaller(user)))) forbidden();
  const latest = await findDefinition(db, user.projectId, id);
  const from = versionParam((await searchParams).from);
  const source = from === undefined ? latest : await findDefinition(db, user.projectId, id, from);
  if (!latest || !source) notFound();
  return (
    <>
      <div className="breadcrumb">
        <Link href="/workflows">Definitions</Link> / <Link href={`/workflows/${encodeURIComponent(id)}`}>{id}</Link> / edit
      </div>
      <div className="page-head">
        <h1 title={latest.name}>Edit {latest.name}</h1>
      </div>
      <p className="hint">
        {source.version === latest.version ? `Starting from the latest version, v${latest.version}.` : `Starting from a copy of v${source.version} (the latest is v${latest.version}).`}{" "}
        Saving creates v{latest.version + 1}: new cases use it at once, cases already running keep their version.
      </p>
      <DefinitionEditor definitionId={id} baseVersion={latest.version} sourceVersion={source.version} initialText={JSON.stringify(toEditableDocument(source), null, 2)} />
    </>
  );
}
