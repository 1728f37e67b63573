import { describe, expect, it } from "vitest";
import { serverEnv, serverNodeArgs } from "../scripts/server-runtime.mjs";

describe("server runtime settings (npm start and the fuzzer)", () => {
  it("runs servers with V8 collecting at 1.5x the live heap and an 8 MiB young generation, unless SERVER_NODE_ARGS says otherwise", () => {
    expect(serverNodeArgs({})).toEqual(["--max-semi-space-size=16", "--heap-growing-percent=50"]);
    expect(serverNodeArgs({ SERVER_NODE_ARGS: "" })).toEqual([]);
    expect(serverNodeArgs({ SERVER_NODE_ARGS: " --max-old-space-size=512  --optimize-for-size " })).toEqual(["--max-old-space-size=512", "--optimize-for-size"]);
  });

  it("adds glibc's allocator settings to the environment, keeping an operator's own values", () => {
    expect(serverEnv({ PORT: "3000" })).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(serverEnv({ MALLOC_ARENA_MAX: "8" }).MALLOC_ARENA_MAX).toBe("8");
  });
});
