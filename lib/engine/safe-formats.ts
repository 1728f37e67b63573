import type { Format } from "ajv";
import type Ajv from "ajv";
import addFormats, { type FormatName } from "ajv-formats";
import { LinearRegExp } from "./linear-regexp";

/** Formats whose ajv-formats regular expression RE2 compiles: they run on the linear-time engine. */
export const LINEAR_FORMATS: readonly FormatName[] = [
  "uri-reference",
  "uri-template",
  "email",
  "ipv4",
  "ipv6",
  "uuid",
  "json-pointer",
  "json-pointer-uri-fragment",
  "relative-json-pointer",
];

/**
 * `url` uses lookaheads RE2 does not have, and backtracks quadratically on inputs like "http://:::…" (1.7 s at
 * 20,000 characters): it only runs on strings up to this length (13 ms at worst), longer ones are not URLs.
 * `duration` and `hostname` also need lookaheads but were measured linear; `date`, `time`, `uri`, `byte` and
 * the other function formats use small anchored expressions, also measured linear (see safe-formats.test.ts).
 */
export const URL_FORMAT_MAX_CHARS = 2_048;

function regexOf(format: Format): RegExp {
  const rx = format instanceof RegExp ? format : typeof format === "object" && "validate" in format ? format.validate : null;
  if (!(rx instanceof RegExp)) throw new Error("expected a regular-expression format");
  return rx;
}

const overrides: Array<[FormatName, Format]> = [
  ...LINEAR_FORMATS.map((name): [FormatName, Format] => {
    const rx = regexOf(addFormats.get(name, "full"));
    const linear = new LinearRegExp(rx.source, rx.flags, "pinned");
    return [name, { type: "string", validate: (value: string) => linear.test(value) }];
  }),
  (() => {
    const url = regexOf(addFormats.get("url", "full"));
    return ["url", { type: "string", validate: (value: string) => value.length <= URL_FORMAT_MAX_CHARS && url.test(value) }] as [FormatName, Format];
  })(),
];

/**
 * Adds ajv-formats' full formats to `ajv`, with the regular-expression ones on the linear-time engine.
 *
 * @example
 * const ajv = new Ajv(); addSafeFormats(ajv);
 * ajv.compile({ type: "string", format: "email" })("a@b.example") // true
 */
export function addSafeFormats(ajv: Ajv): void {
  addFormats(ajv);
  for (const [name, format] of overrides) ajv.addFormat(name, format);
}
