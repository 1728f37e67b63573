import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks a JSON document
type Json = Record<string, any>;

/** Headers every HTTP answer may carry without the document naming them. */
const GENERIC_HEADERS = new Set(["content-type", "content-length", "cache-control"]);

/** One answer the document was checked against. */
export interface CheckedAnswer {
  operation: string;
  status: number;
  code?: string;
}

/**
 * Checks answers against an OpenAPI 3.1 document as an integrator's validator would: the status is listed for
 * the operation, the media type and body match the response's schema (Ajv, JSON Schema 2020-12, with formats),
 * every required header is present, every header sent is documented and matches its schema, and a problem's
 * `code` is one the response's description names. Returns the problems found, empty when the answer conforms.
 */
export function answerChecker(doc: Json) {
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (schema: Json): ValidateFunction => {
    const key = JSON.stringify(schema);
    if (!compiled.has(key)) compiled.set(key, ajv.compile(deref(schema)));
    return compiled.get(key)!;
  };
  const deref = (value: Json): Json => (value?.$ref ? deref(value.$ref.slice(2).split("/").reduce((at: Json, k: string) => at[k], doc)) : value);

  return function check(method: string, template: string, status: number, headers: Headers, text: string): { problems: string[]; answer: CheckedAnswer } {
    const operation = `${method} ${template}`;
    const op = doc.paths[template]?.[method.toLowerCase()];
    if (!op) return { problems: [`${operation} is not in the document`], answer: { operation, status } };
    const listed = op.responses[status];
    if (!listed) return { problems: [`${operation} answered ${status}, which the document does not list (${Object.keys(op.responses).join(", ")})`], answer: { operation, status } };
    const response = deref(listed);
    const problems: string[] = [];
    const body = text ? JSON.parse(text) : undefined;
    const media = Object.keys(response.content ?? {})[0];
    if (!media) {
      if (text) problems.push(`${operation} ${status} has a body the document does not describe`);
    } else {
      const type = headers.get("content-type")?.split(";")[0];
      if (type !== media) problems.push(`${operation} ${status} is ${type}, the document says ${media}`);
      const validate = validatorFor(response.content[media].schema);
      if (!validate(body)) problems.push(`${operation} ${status} body: ${ajv.errorsText(validate.errors, { dataVar: "body" })}`);
      if (media === "application/problem+json" && !response.description.includes(`\`${body?.code}\``)) {
        problems.push(`${operation} ${status} answered code '${body?.code}', which the response's description does not name: ${response.description}`);
      }
    }
    const documented = new Map<string, Json>(Object.entries((response.headers ?? {}) as Json).map(([name, h]) => [name.toLowerCase(), { name, ...deref(h) }]));
    for (const [lower, header] of documented) {
      const value = headers.get(lower);
      if (value === null) {
        if (header.required) problems.push(`${operation} ${status} lacks the required header ${header.name}`);
        continue;
      }
      const validate = validatorFor(header.schema);
      const typed = header.schema.type === "integer" && /^\d+$/.test(value) ? Number(value) : value;
      if (!validate(typed)) problems.push(`${operation} ${status} header ${header.name}: ${JSON.stringify(value)} ${ajv.errorsText(validate.errors, { dataVar: "" })}`);
    }
    headers.forEach((_, name) => {
      if (!GENERIC_HEADERS.has(name) && !documented.has(name)) problems.push(`${operation} ${status} sends the header ${name}, which the document does not describe`);
    });
    return { problems, answer: { operation, status, code: media === "application/problem+json" ? body?.code : undefined } };
  };
}
