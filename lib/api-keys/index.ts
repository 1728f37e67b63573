export { authenticateApiKey, clearApiKeyCache, type ApiAuth } from "./authenticate-api-key";
export { createApiKey, listApiKeys, revokeApiKey, type CreatedApiKey } from "./create-api-key";
