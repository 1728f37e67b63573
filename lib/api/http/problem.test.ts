import { describe, expect, it } from "vitest";
import { AppError, unauthorized } from "../../errors";
import { DefinitionInvalidError } from "../../engine";
import { setLogDestination } from "../../observability/logger";
import { MAX_PROBLEM_ERRORS, problemResponse } from "./problem";

describe("problemResponse", () => {
  it("renders an AppError as RFC 9457 problem+json with code and field errors", async () => {
    const res = problemResponse(new AppError("validation_failed", "The body is invalid.", { errors: [{ path: "/workflowId", message: "is required" }] }));
    expect(res.status).toBe(422);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(await res.json()).toEqual({
      type: "about:blank#validation_failed",
      title: "Unprocessable Content",
      status: 422,
      detail: "The body is invalid.",
      code: "validation_failed",
      errors: [{ path: "/workflowId", message: "is required" }],
    });
  });

  it("keeps the error's headers (WWW-Authenticate on 401)", () => {
    const res = problemResponse(unauthorized());
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toContain("Bearer");
  });

  it("maps coded errors from lower layers, including definition problems", async () => {
    const err = new DefinitionInvalidError([{ pointer: "/definition/initial", code: "initial_unknown", message: "name an existing state" }]);
    const body = await problemResponse(err).json();
    expect(body.code).toBe("definition_invalid");
    expect(body.errors).toEqual([{ path: "/definition/initial", message: "name an existing state" }]);
  });

  it("hides unexpected errors behind a generic 500 with a request id", async () => {
    const lines: string[] = [];
    setLogDestination({ write: (chunk: string) => void lines.push(chunk) });
    const res = problemResponse(new TypeError("secret internals at /srv/app.ts:12"), "req-1");
    setLogDestination(undefined);
    const body = await res.json();
    expect(res.status).toBe(500);
    expect(body.code).toBe("internal_error");
    expect(JSON.stringify(body)).not.toContain("internals");
    expect(body.detail).toContain("req-1");
    // The detail is logged (as an error line with the request id), never answered.
    expect(JSON.parse(lines[0])).toMatchObject({ level: "error", requestId: "req-1", error: "secret internals at /srv/app.ts:12" });
  });
});

describe("problem documents are bounded", () => {
  it("lists at most 100 errors and counts all of them in errorCount", async () => {
    const errors = Array.from({ length: 60_000 }, (_, i) => ({ path: `/k${i}`, message: `unknown field 'k${i}'` }));
    const res = problemResponse(new AppError("validation_failed", "The request is invalid: 60000 problems; see errors.", { errors: errors }));
    const text = await res.text();
    const body = JSON.parse(text);
    expect(body.errors).toHaveLength(MAX_PROBLEM_ERRORS);
    expect(body.errors[0]).toEqual({ path: "/k0", message: "unknown field 'k0'" });
    expect(body.errors[99]).toEqual({ path: "/k99", message: "unknown field 'k99'" });
    expect(body.errorCount).toBe(60_000);
    expect(text.length).toBeLessThan(10_000);
  });

  it("has no errorCount when every error is listed", async () => {
    const errors = Array.from({ length: MAX_PROBLEM_ERRORS }, (_, i) => ({ path: `/k${i}`, message: "x" }));
    const body = await problemResponse(new AppError("validation_failed", "invalid", { errors: errors })).json();
    expect(body.errors).toHaveLength(MAX_PROBLEM_ERRORS);
    expect(body).not.toHaveProperty("errorCount");
  });

  it("cuts long paths, messages and details that quote the request", async () => {
    const huge = "k".repeat(500_000);
    const body = await problemResponse(new AppError("validation_failed", `detail ${huge}`, { errors: [{ path: `/${huge}`, message: `unknown field '${huge}'` }] })).json();
    expect(body.errors[0].path.length).toBeLessThanOrEqual(1000);
    expect(body.errors[0].path.startsWith("/kkk")).toBe(true);
    expect(body.errors[0].path.endsWith("…")).toBe(true);
    expect(body.errors[0].message.length).toBeLessThanOrEqual(1000);
    expect(body.detail.length).toBeLessThanOrEqual(2000);
  });
});
