import { env } from "./env";

/** The app's own origin (`PUBLIC_URL`, else `http://localhost:$PORT`), without a trailing slash. */
export function appOrigin(): string {
  const e = env();
  return (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, "");
}
