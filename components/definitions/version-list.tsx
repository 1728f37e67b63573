import Link from "next/link";
import { formatTime } from "@/components/ui/time";

interface Version {
  version: number;
  name: string;
  createdAt: string;
}

/** Every version of a definition, newest first; the one shown is marked current. */
export function VersionList({ definitionId, versions, selected }: { definitionId: string; versions: Version[]; selected: number }) {
  const latest = versions[0]?.version;
  return (
    <section className="panel" aria-labelledby="versions-heading">
      <h2 id="versions-heading">Versions ({versions.length})</h2>
      <ol className="version-list" data-testid="version-list">
        {versions.map((v) => (
          <li key={v.version}>
            <Link
              href={`/workflows/${encodeURIComponent(definitionId)}?version=${v.version}`}
              aria-current={v.version === selected ? "page" : undefined}
              title={`${v.name}, saved ${formatTime(v.createdAt)}`}
            >
              <span>
                v{v.version}
                {v.version === latest && <span className="badge badge-info" style={{ marginLeft: "0.4rem" }}>latest</span>}
              </span>
              <span className="hint">{formatTime(v.createdAt)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}
