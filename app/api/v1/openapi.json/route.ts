import { otherMethods } from "@/lib/api/http/method-not-allowed";
import { openApiDocument } from "@/lib/api/openapi/openapi";

// GET /api/v1/openapi.json – the OpenAPI 3.1 document (public, no API key)
export async function GET(): Promise<Response> {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300", "Access-Control-Allow-Origin": "*" } });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(["GET"]);
