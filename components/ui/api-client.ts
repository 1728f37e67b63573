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
 * POST JSON to a backoffice route and return its JSON, or throw `ApiProblem` carrying the server's `detail`
 * (safe to show) and field errors. Network failures become an `ApiProblem` with status 0.
 */
export async function postJson<T>(url: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin" });
  } catch {
    throw new ApiProblem(0, "network_error", "The server could not be reached. Check your connection and try again.");
  }
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) {
    const detail = typeof data?.detail === "string" ? data.detail : `The request failed (HTTP ${res.status}).`;
    const errors = Array.isArray(data?.errors) ? (data.errors as { path: string; message: string }[]) : [];
    throw new ApiProblem(res.status, typeof data?.code === "string" ? data.code : "error", detail, errors);
  }
  return data as T;
}

/** GET JSON from a backoffice route (throws `ApiProblem` like `postJson`). */
export async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { credentials: "same-origin", cache: "no-store" });
  const data = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  if (!res.ok) throw new ApiProblem(res.status, String(data?.code ?? "error"), String(data?.detail ?? `HTTP ${res.status}`));
  return data as T;
}
