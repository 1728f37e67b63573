import { describe, expect, it } from "vitest";
import { compileWorkflow } from "../../engine";
import { AppError } from "../../errors/app-error";
import { tinyDefinition } from "../../../tests/support/engine-fixtures";
import { thrown } from "../../../tests/support/thrown";
import { assertValidDocument } from "./check-document";
import type { StoredDocument } from "./stored-document";

const states = { idle: { on: { go: "done" } }, done: { type: "final" as const } };
const open = compileWorkflow(tinyDefinition(states));
const strict = compileWorkflow(
  tinyDefinition(states, { documentsSchema: { type: "object", required: ["category"], properties: { category: { type: "string", enum: ["proof_of_address", "registration"] } } } } as never),
);
const stored = (over: Partial<StoredDocument> = {}) => ({ id: "doc-1", version: 2, category: "registration", decision: { status: "pending" }, ...over }) as unknown as StoredDocument;

const problem = (fn: () => void) => thrown<AppError>(fn, "accepted");

describe("assertValidDocument: what a client may send as a document", () => {
  it("accepts a document that leaves the service's fields out, or repeats them as they are", () => {
    expect(() => assertValidDocument(open, { category: "registration" }, stored())).not.toThrow();
    expect(() => assertValidDocument(open, { id: "doc-1", version: 2, category: "registration" }, stored())).not.toThrow();
    expect(() => assertValidDocument(open, { version: "2" }, stored())).not.toThrow();
    expect(() => assertValidDocument(strict, { category: "registration" }, stored())).not.toThrow();
  });

  it("refuses a decision, another id and another version, all at once, with JSON pointers", () => {
    const error = problem(() => assertValidDocument(open, { id: "doc-9", version: 5, decision: { status: "approved" } }, stored()));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe("The document does not match what this workflow accepts; see errors.");
    expect(error.errors).toEqual([
      { path: "/decision", message: "the decision is the reviewer's; leave it out (a new version is pending review)" },
      { path: "/id", message: "must be 'doc-1', the id in the path, or left out" },
      { path: "/version", message: "the service numbers versions: this one is 2; send 2 or leave it out" },
    ]);
  });

  it("refuses a version that is neither a number nor a numeric string, even one that reads as the right version", () => {
    for (const version of [true, [2], { v: 2 }, null]) {
      expect(problem(() => assertValidDocument(open, { version } as never, stored({ version: 1 }))).errors, JSON.stringify(version)).toEqual([
        { path: "/version", message: "the service numbers versions: this one is 1; send 1 or leave it out" },
      ]);
    }
  });

  it("checks the stored form against the documentsSchema, without its decision", () => {
    const error = problem(() => assertValidDocument(strict, { category: "selfie" }, stored({ category: "selfie" } as never)));
    expect(error.errors.map((e) => e.path)).toEqual(["/category"]);
  });
});
