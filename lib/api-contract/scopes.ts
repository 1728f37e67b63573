import { z } from "zod";

/**
 * What an API key may do. Each `/api/v1/external` route needs exactly one scope (declared in its `withApiKey`
 * options and in its OpenAPI route); a key created before scopes existed holds all of them (migration 0009).
 *
 * - `runtimes:read`: read runtimes, their history, filters and the cases they select, and workflow definitions
 *   (an integration that starts runs needs to read the definitions it starts).
 * - `runtimes:write`: start runs and send events.
 * - `definitions:write`: store definition versions and create filters (configuration of workflows and queues).
 * - `secrets:write`: list, set, bind and delete plugin secrets (names only are ever read).
 * - `webhooks:admin`: subscriptions, deliveries and redelivery, the signing secret and its rotation.
 * - `audit:read`: the audit trail; reserved for the audit-events API, granted to keys now so they keep working.
 * - `teams:read`: list and read teams with their members (to restrict queues to them).
 * - `teams:write`: create, rename and delete teams, add and remove members. Keys made before teams existed lack
 *   both; a key that manages teams is created with them.
 */
export const API_SCOPES = ["runtimes:read", "runtimes:write", "definitions:write", "secrets:write", "webhooks:admin", "audit:read", "teams:read", "teams:write"] as const;

export type ApiScope = (typeof API_SCOPES)[number];

/** One line per scope, for the settings page and the OpenAPI document. */
export const API_SCOPE_DESCRIPTIONS: Record<ApiScope, string> = {
  "runtimes:read": "read runtimes, history, filters and their cases, and workflow definitions",
  "runtimes:write": "start runs and send events",
  "definitions:write": "store workflow definition versions and create filters",
  "secrets:write": "list, set, bind and delete plugin secrets",
  "webhooks:admin": "manage webhook subscriptions, deliveries and the signing secret",
  "audit:read": "read the audit trail",
  "teams:read": "list teams and their members",
  "teams:write": "create, rename and delete teams, add and remove members",
};

/**
 * The scopes a key created in the settings gets when none are chosen: what an integration that runs cases needs.
 * Configuration scopes (definitions, secrets, webhooks) are granted only when asked for.
 */
export const DEFAULT_KEY_SCOPES: ApiScope[] = ["runtimes:read", "runtimes:write"];

/**
 * The scopes of a key created before scopes existed (migration 0009's column default, also what a key inserted
 * without `scopes` gets). Scopes added since (`teams:*`) are not among them: such a key does not silently gain the
 * power to change who sees which queue; a key for that is created with the scope.
 */
export const LEGACY_KEY_SCOPES: readonly ApiScope[] = ["runtimes:write", "runtimes:read", "definitions:write", "secrets:write", "webhooks:admin", "audit:read"];

export const apiScopeSchema = z.enum(API_SCOPES);
