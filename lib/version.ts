import pkg from "../package.json";

/** The service version reported by /api/health and the OpenAPI document. */
export const SERVICE_VERSION: string = pkg.version;
