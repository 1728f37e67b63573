import { z } from "zod";

export type Json = Record<string, unknown>;

/**
 * A zod schema as JSON Schema 2020-12, the dialect of OpenAPI 3.1: `input` for what a request may send (defaults
 * and coercions apply), `output` for what an answer holds (objects closed unless the schema is loose).
 */
export function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any", target: "draft-2020-12" }) as Json;
  void _dialect;
  return rest;
}
