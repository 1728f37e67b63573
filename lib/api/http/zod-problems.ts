import type { z } from "zod";
import type { FieldError } from "../../errors";
import { appendPointer, toPointer } from "./json-pointer";

type Issue = z.core.$ZodIssue;

/**
 * Every zod issue as a `{ path, message }` with a JSON pointer, so a client sees all problems at once.
 * Unknown keys get one entry each, naming the fields that are accepted there when the schema knows them.
 *
 * @example
 * zodFieldErrors(runRequestSchema, error)
 * // [{ path: "/context/entity/id", message: "Invalid input: expected string, received number" },
 * //  { path: "/state", message: "unknown field 'state'; use one of: workflowId, workflowVersion, context, config" }]
 */
export function zodFieldErrors(schema: z.ZodType, error: z.ZodError, prefix = ""): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) out.push(...issueErrors(schema, issue, prefix));
  return out;
}

function issueErrors(schema: z.ZodType, issue: Issue, prefix: string): FieldError[] {
  const at = prefix + toPointer(issue.path);
  if (issue.code === "unrecognized_keys") {
    const allowed = objectKeysAt(schema, issue.path);
    const hint = allowed.length ? `; use one of: ${allowed.join(", ")}` : "";
    return issue.keys.map((key) => ({ path: appendPointer(at, key), message: `unknown field '${key}'${hint}` }));
  }
  if (issue.code === "invalid_type" && issue.input === undefined && issue.message.includes("received undefined")) {
    return [{ path: at, message: `required field is missing (expected ${issue.expected})` }];
  }
  return [{ path: at, message: issue.message }];
}

/** The declared keys of the object schema found at `path` (through optional, nullable, default, pipe, arrays). */
function objectKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: unknown = schema;
  for (const segment of path) {
    node = unwrap(node);
    const def = defOf(node);
    if (def?.type === "object") node = (def.shape as Record<string, unknown>)[String(segment)];
    else if (def?.type === "array") node = def.element;
    else if (def?.type === "record") node = def.valueType;
    else return [];
  }
  const def = defOf(unwrap(node));
  return def?.type === "object" ? Object.keys(def.shape as Record<string, unknown>) : [];
}

function unwrap(node: unknown): unknown {
  for (let i = 0; i < 10; i++) {
    const def = defOf(node);
    if (!def) return node;
    if (["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"].includes(def.type as string)) node = def.innerType;
    else if (def.type === "pipe") node = def.in;
    else return node;
  }
  return node;
}

function defOf(node: unknown): Record<string, unknown> | undefined {
  return (node as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
}
