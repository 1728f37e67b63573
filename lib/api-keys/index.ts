export { authenticateApiKey, clearApiKeyCache, type ApiAuth } from "./authenticate-api-key";
export { requireScope } from "./require-scope";
export {
  createApiKey,
  createApiKeyFor,
  createApiKeyRequestSchema,
  listApiKeys,
  listApiKeysFor,
  revokeApiKey,
  revokeApiKeyFor,
  type ApiKeyView,
  type CreatedApiKey,
} from "./create-api-key";
