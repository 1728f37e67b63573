import { named, type RouteGroup } from "../../../api-contract/route-spec";
import { healthResponseSchema, openApiDocumentSchema } from "../../schemas/meta";

const health = named("Health", healthResponseSchema);

/** Public endpoints about the service itself. */
export const META_ROUTES: RouteGroup = {
  tag: "Meta",
  description: "About the service itself: this document and the health check. Public: no API key.",
  routes: [
    {
      method: "get",
      path: "/api/v1/openapi.json",
      summary: "This OpenAPI document",
      auth: false,
      success: { status: 200, description: "OpenAPI 3.1 JSON.", schema: named("OpenApiDocument", openApiDocumentSchema), headers: ["Access-Control-Allow-Origin"] },
    },
    {
      method: "get",
      path: "/api/health",
      summary: "Liveness and database reachability",
      auth: false,
      success: { status: 200, description: "The service and its database answer.", schema: health },
      otherAnswers: [{ status: 503, description: "The database does not answer.", schema: health }],
    },
  ],
};
