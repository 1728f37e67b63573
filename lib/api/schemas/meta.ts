import { z } from "zod";
import { jsonObject } from "./common";

/** Body of `GET /api/health` (200 and 503). */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["pglite", "postgres"]),
  version: z.string().describe("The service version."),
});

/** Body of `GET /api/v1/openapi.json`: an OpenAPI 3.1 document (its full schema is the OpenAPI specification's). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string().regex(/^3\.1\.\d+$/),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: jsonObject(),
  components: jsonObject(),
});

