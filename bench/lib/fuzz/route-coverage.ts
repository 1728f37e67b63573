import { readdirSync } from "node:fs";
import path from "node:path";
import { ROUTES } from "./routes";

/** Route files under app/api whose path is not in ROUTES, as `/api/...` with `[param]` segments. */
export function missingRoutes(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(dir, e.name));
      else if (e.name === "route.ts") found.push("/" + path.relative(path.join(root, "app"), dir).split(path.sep).filter((s) => !/^\(.*\)$/.test(s)).join("/"));
    }
  };
  walk(path.join(root, "app", "api"));
  const known = new Set(ROUTES.map((r) => r.path.replace(/\{\w+\}/g, "[]")));
  return found.filter((p) => !known.has(p.replace(/\[[^\]]+\]/g, "[]")));
}
