import { describe, expect, it } from "vitest";
import { restartDelay } from "../scripts/restart-backoff.mjs";

describe("restartDelay: how npm start restarts a server or worker process that died", () => {
  it("waits 1 s after a first crash and doubles per crash in a row, up to 30 s", () => {
    const slot = { crashes: 0 };
    const delays = Array.from({ length: 8 }, () => restartDelay(slot, 200));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(slot.crashes).toBe(8);
  });

  it("starts afresh after a process that ran a minute or more", () => {
    const slot = { crashes: 0 };
    for (let i = 0; i < 5; i++) restartDelay(slot, 1_000);
    expect(restartDelay(slot, 59_999)).toBe(30_000);
    expect(restartDelay(slot, 60_000)).toBe(1_000);
    expect(slot.crashes).toBe(1);
    expect(restartDelay(slot, 10)).toBe(2_000);
    expect(restartDelay(slot, 3_600_000)).toBe(1_000);
  });

  it("counts each slot's crashes apart", () => {
    const a = { crashes: 0 };
    const b = { crashes: 0 };
    restartDelay(a, 0);
    restartDelay(a, 0);
    expect(restartDelay(a, 0)).toBe(4_000);
    expect(restartDelay(b, 0)).toBe(1_000);
  });
});
