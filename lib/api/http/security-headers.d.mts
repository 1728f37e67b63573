/** HSTS value, sent only over HTTPS (see security-headers.mjs). */
export const HSTS: string;
/** The Content-Security-Policy of every `/api` answer. */
export const API_CSP: string;
/** Headers on every answer: nosniff, Referrer-Policy, X-Frame-Options. */
export const COMMON_HEADERS: Readonly<Record<string, string>>;
/** Whether the request came over HTTPS: a TLS socket or an `X-Forwarded-Proto` naming https. */
export function isHttps(forwardedProto: string | string[] | null | undefined, encrypted?: boolean): boolean;
/** Pages whose scripts compile code at run time (the Add Case form's Ajv validator): they get `'unsafe-eval'`. */
export const EVAL_PAGES: RegExp;
/** A page's Content-Security-Policy with this request's nonce. */
export function pagePolicy(nonce: string, options?: { https?: boolean; development?: boolean; allowEval?: boolean }): string;
/** The headers of an `/api` answer written outside Next.js. */
export function apiAnswerHeaders(https: boolean): Record<string, string>;
/** next.config.mjs's `headers()` rules. */
export function securityHeaderRules(): { source: string; has?: { type: "header"; key: string; value?: string }[]; headers: { key: string; value: string }[] }[];
