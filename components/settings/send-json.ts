import { ApiProblem } from "@/components/ui/api-client";

/**
 * Send JSON with any method to a backoffice route and return its JSON (null for 204), or throw `ApiProblem`
 * with the server's `detail` and field errors (`postJson` of components/ui covers POST only).
 */
export async function sendJson<T = unknown>(method: "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
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

/** The server's message for one field (`path` is a JSON pointer such as "/name"), if it flagged that field. */
export function fieldError(problem: ApiProblem | null, path: string): string | undefined {
  return problem?.errors.find((e) => e.path === path)?.message;
}
