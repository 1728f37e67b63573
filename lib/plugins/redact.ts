const SENSITIVE = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key|x-auth-token)$/i;

/**
 * Headers as recorded in history: templates that reference secrets (`{secret.NAME}`) are kept as written,
 * since they carry no value; other credentials-bearing headers are masked.
 */
export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    out[name] = SENSITIVE.test(name) && !/secret\.[A-Za-z0-9_.-]+/.test(value) ? "[redacted]" : value;
  }
  return out;
}

/** At most `max` characters of a response body for the history, marked when cut. */
export function preview(text: string, max = 2000): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}
