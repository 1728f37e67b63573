import { PluginRequestInvalidError } from "./errors";
import { readPath } from "./json-utils";

const PLACEHOLDER = /\{([^{}]+)\}/g;
const SECRET_REF = /\{secret\.([^{}]+)\}/g;
const HAS_SECRET_REF = /\{secret\.[^{}]+\}/;
const WHOLE_SECRET = /^secret\.([A-Za-z0-9_.-]+)$/;

/** Result of filling a template: the text (secret refs kept as `{secret.NAME}`) and the secrets it needs. */
export interface Filled {
  text: string;
  secretRefs: string[];
}

function valueText(pluginName: string, where: string, path: string, context: unknown): string {
  const value = readPath(context, path);
  if (value === undefined || value === null) {
    throw new PluginRequestInvalidError(pluginName, `${where} placeholder {${path}} has no value in the workflow context; add '${path}' to the run context or fix the placeholder`);
  }
  const text = typeof value === "string" ? value : typeof value === "object" ? JSON.stringify(value) : String(value);
  // A context value must never smuggle in a secret reference that would later be resolved.
  if (HAS_SECRET_REF.test(text)) {
    throw new PluginRequestInvalidError(pluginName, `${where} placeholder {${path}} resolved to a value containing a secret reference; secret references are only allowed in the plugin configuration`);
  }
  return text;
}

/**
 * Fills `{path}` placeholders of a plugin URL from the context. Placeholders before the URL path (a base
 * URL such as `{api_config.url}`, or a host) are inserted as-is; later ones are URL-encoded. `{secret.X}`
 * stays in place and is listed in `secretRefs`.
 *
 * @example
 * fillUrl("p", "{base}/{id}", { base: "https://x.test/api", id: "a b" }).text // "https://x.test/api/a%20b"
 */
export function fillUrl(pluginName: string, template: string, context: unknown): Filled {
  const secretRefs: string[] = [];
  const text = template.replace(PLACEHOLDER, (match: string, path: string, offset: number) => {
    if (path.startsWith("secret.")) return keepSecret(match, path, secretRefs);
    const before = template.slice(0, offset).replace(PLACEHOLDER, "").replace("://", "");
    const raw = !before.includes("/") && !before.includes("?");
    const value = valueText(pluginName, "url", path, context);
    return raw ? value : encodeURIComponent(value);
  });
  return { text, secretRefs };
}

/**
 * Fills `{path}` placeholders of a header value from the context. A whole value `secret.NAME` becomes
 * `{secret.NAME}`; secret refs stay unresolved (see `resolveSecrets`).
 *
 * @example
 * fillHeader("p", "Bearer secret.TOKEN", {}) // { text: "Bearer secret.TOKEN", secretRefs: [] } (only a WHOLE value is a ref)
 * fillHeader("p", "secret.TOKEN", {})        // { text: "{secret.TOKEN}", secretRefs: ["TOKEN"] }
 */
export function fillHeader(pluginName: string, template: string, context: unknown): Filled {
  const whole = WHOLE_SECRET.exec(template.trim());
  if (whole) return { text: `{secret.${whole[1]}}`, secretRefs: [whole[1]] };
  const secretRefs: string[] = [];
  const text = template.replace(PLACEHOLDER, (match: string, path: string) =>
    path.startsWith("secret.") ? keepSecret(match, path, secretRefs) : valueText(pluginName, "header", path, context),
  );
  return { text, secretRefs };
}

function keepSecret(match: string, path: string, secretRefs: string[]): string {
  const name = path.slice("secret.".length);
  if (!secretRefs.includes(name)) secretRefs.push(name);
  return match;
}

/**
 * Replaces `{secret.NAME}` references in a text using an injected lookup. Throws `SecretMissingError`.
 *
 * @example
 * replaceSecretRefs("Bearer {secret.TOKEN}", (n) => (n === "TOKEN" ? "abc" : undefined)) // "Bearer abc"
 */
export function replaceSecretRefs(text: string, lookup: (name: string) => string | undefined, onMissing: (name: string) => never): string {
  return text.replace(SECRET_REF, (_match: string, name: string) => {
    const value = lookup(name);
    return value === undefined ? onMissing(name) : value;
  });
}
