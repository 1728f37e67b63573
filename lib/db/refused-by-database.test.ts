import { describe, expect, it } from "vitest";
import { isRefusedByDatabase } from "./refused-by-database";

describe("isRefusedByDatabase", () => {
  it("is true for a SQLSTATE, also wrapped as Drizzle wraps it", () => {
    expect(isRefusedByDatabase(Object.assign(new Error("x"), { code: "40P01" }))).toBe(true);
    expect(isRefusedByDatabase(Object.assign(new Error("Failed query"), { cause: Object.assign(new Error("x"), { code: "23505" }) }))).toBe(true);
  });

  it("is false for a lost connection, an error of our own code, an app error's code and nothing at all", () => {
    expect(isRefusedByDatabase(Object.assign(new Error("x"), { code: "CONNECTION_CLOSED" }))).toBe(false);
    expect(isRefusedByDatabase(Object.assign(new Error("x"), { code: "ECONNRESET" }))).toBe(false);
    expect(isRefusedByDatabase(Object.assign(new Error("x"), { code: "not_found" }))).toBe(false);
    expect(isRefusedByDatabase(new TypeError("boom"))).toBe(false);
    expect(isRefusedByDatabase(undefined)).toBe(false);
  });
});
