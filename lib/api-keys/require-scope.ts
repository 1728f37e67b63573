import type { ApiScope } from "../api-contract/scopes";
import { AppError } from "../errors";
import type { ApiAuth } from "./authenticate-api-key";

/**
 * Refuse a call the key's scopes do not cover: 403 `insufficient_scope`, the scope named in the detail, in the
 * problem's `scope` member and in `WWW-Authenticate` (RFC 6750 §3.1). `withApiKey` calls it before the route
 * reads its body.
 *
 * @example requireScope({ projectId, apiKeyId, scopes: ["runtimes:read"] }, "secrets:write"); // throws 403
 */
export function requireScope(auth: ApiAuth, scope: ApiScope): void {
  if (auth.scopes.includes(scope)) return;
  const held = auth.scopes.length ? auth.scopes.join(", ") : "none";
  throw new AppError(
    "insufficient_scope",
    `This API key lacks the scope '${scope}' this operation needs (it has: ${held}); create a key with '${scope}' in Settings › API keys.`,
    { members: { scope }, headers: { "WWW-Authenticate": `Bearer realm="api", error="insufficient_scope", scope="${scope}"` } },
  );
}
