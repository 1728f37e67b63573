import { z } from "zod";
import { describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { pathParam } from "./path-param";

const name = z.string().regex(/^[A-Z_]+$/, "use A-Z and _");

describe("pathParam", () => {
  it("returns the parsed value when it fits", () => {
    expect(pathParam(name, "API_KEY", "name")).toBe("API_KEY");
  });

  it("refuses a value that does not fit with 422 validation_failed at /<param>", () => {
    const error = (() => {
      try {
        pathParam(name, "nope", "name");
      } catch (e) {
        return e as AppError;
      }
    })();
    expect(error).toMatchObject({ code: "validation_failed", status: 422, errors: [{ path: "/name" }] });
  });

  it("refuses a NUL character with 400 malformed_path even when the schema would take it (PostgreSQL cannot store it)", () => {
    for (const value of ["\u0000", "a\u0000b"]) {
      expect(() => pathParam(z.string(), value, "definitionId")).toThrow(expect.objectContaining({ code: "malformed_path", status: 400 }));
    }
  });
});
