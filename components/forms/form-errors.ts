import type { ErrorSchema, RJSFValidationError } from "@rjsf/utils";

/** Ajv's wording made readable: "must have required property 'x'" becomes "is required". */
export function friendlyMessage(message: string): string {
  if (/must have required property/.test(message)) return "is required";
  if (/must match format "email"/.test(message)) return "must be an e-mail address, like name@example.com";
  return message;
}

/** RJSF's validation errors with friendly messages and the field's title in the summary list. */
export function transformErrors(errors: RJSFValidationError[]): RJSFValidationError[] {
  return errors.map((e) => {
    const message = friendlyMessage(e.message ?? "");
    const label = e.title ?? (typeof e.params?.missingProperty === "string" ? e.params.missingProperty : e.property?.split(".").pop()) ?? "Field";
    return { ...e, message, stack: `${label} ${message}` };
  });
}

/**
 * The server's field errors (JSON pointers into the submitted values, e.g. `/data/companyName`) as an RJSF
 * `ErrorSchema`, so they show beside their fields like the browser's own validation errors.
 *
 * @example
 * toErrorSchema([{ path: "/data/companyName", message: "must have required property 'companyName'" }])
 * // { data: { companyName: { __errors: ["is required"] } } }
 */
export function toErrorSchema(errors: { path: string; message: string }[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const e of errors) {
    const segments = e.path.split("/").slice(1).filter(Boolean).map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
    let node = root;
    for (const s of segments) node = (node[s] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(friendlyMessage(e.message));
  }
  return root as ErrorSchema;
}
