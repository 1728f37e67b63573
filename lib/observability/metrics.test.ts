import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { metrics } from "./metrics";

describe("metrics", () => {
  it("the Grafana dashboard queries only metrics this registry exposes", async () => {
    const dashboard = JSON.parse(readFileSync(path.join(__dirname, "../../docs/grafana-dashboard.json"), "utf8")) as { panels: { targets: { expr: string }[] }[] };
    const used = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => t.expr.match(/kyc_[a-z0-9_]+/g) ?? [])));
    const exposed = new Set((await metrics().registry.getMetricsAsJSON()).map((m) => m.name));
    const missing = [...used].filter((name) => !exposed.has(name) && !exposed.has(name.replace(/_(bucket|count|sum)$/, "")));
    expect(used.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });
});
