/** A problem+json answer from the backoffice API, as the browser sees it. */
export class ApiProblem extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ApiProblem";
  }
}

/**
 * Send a request to a backoffice route and return its JSON (null for 204), or throw `ApiProblem` carrying the
 * server's `detail` (safe to show) and field errors. Network failures become an `ApiProblem` with status 0.
 */
export async function sendJson<T = unknown>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiProblem(0, "network_error", "The server could not be reached. Check your connection and try again.");
  }
  if (res.status === 204) return null as T;
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const detail = typeof data?.detail === "string" ? data.detail : `The request failed (HTTP ${res.status}).`;
    const errors = Array.isArray(data?.errors) ? (data.errors as { path: string; message: string }[]) : [];
    throw new ApiProblem(res.status, typeof data?.code === "string" ? data.code : "error", detail, errors);
  }
  return data as T;
}

/** POST JSON to a backoffice route (see `sendJson`). */
export const postJson = <T>(url: string, body: unknown): Promise<T> => sendJson<T>("POST", url, body);

/** GET JSON from a backoffice route (see `sendJson`). */
export const getJson = <T>(url: string): Promise<T> => sendJson<T>("GET", url);

/** The server's message for one field (`path` is a JSON pointer such as "/name"), if it flagged that field. */
export function fieldError(problem: ApiProblem | null, path: string): string | undefined {
  return problem?.errors.find((e) => e.path === path)?.message;
}
