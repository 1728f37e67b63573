import { describe, expect, it } from "vitest";
import { isTransientDbError } from "./item-problem";

const coded = (code: string, cause?: unknown) => Object.assign(new Error(`failed: ${code}`), { code, cause });

describe("isTransientDbError", () => {
  it("retries the chunk after a deadlock, a serialization failure, a lock timeout, a shutdown or a lost connection", () => {
    for (const code of ["40001", "40P01", "55P03", "57P01", "08006", "53300", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]) {
      expect({ code, transient: isTransientDbError(coded(code)) }).toEqual({ code, transient: true });
    }
  });

  it("finds the code on a wrapped cause (Drizzle wraps the driver's error)", () => {
    expect(isTransientDbError(new Error("Failed query", { cause: coded("CONNECTION_CLOSED") }))).toBe(true);
    expect(isTransientDbError(new Error("Failed query", { cause: coded("40P01") }))).toBe(true);
  });

  it("counts the case as failed for anything else: a constraint, a type error, an error without a code", () => {
    for (const error of [coded("23505"), coded("22P02"), coded("CONNECTION_CLOSED_SOON"), new Error("no code"), "a string", undefined]) {
      expect(isTransientDbError(error)).toBe(false);
    }
  });
});
