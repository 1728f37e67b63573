import { mkdtempSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock";

const dir = () => mkdtempSync(path.join(os.tmpdir(), "lock-"));

describe("lockDataDir", () => {
  it("refuses a folder held by another live process, naming it", () => {
    const d = dir();
    writeFileSync(path.join(d, "owner.pid"), String(process.ppid));
    expect(() => lockDataDir(d)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it("takes over a lock left by a dead process and releases it", () => {
    const d = dir();
    writeFileSync(path.join(d, "owner.pid"), "999999");
    const release = lockDataDir(d);
    expect(readFileSync(path.join(d, "owner.pid"), "utf8")).toBe(String(process.pid));
    release();
    expect(existsSync(path.join(d, "owner.pid"))).toBe(false);
  });
});
