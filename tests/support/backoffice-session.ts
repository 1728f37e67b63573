import { vi } from "vitest";
import { currentUser, type SessionUser } from "@/lib/auth/session";

/**
 * For tests of backoffice routes that replace only the next-auth session lookup, with, in the test file:
 * `vi.mock("@/lib/auth/session", () => ({ currentUser: vi.fn() }));`
 */

/** The headers of a request from the backoffice's own pages (the origin check passes). */
export const SAME_ORIGIN = { host: "localhost", origin: "http://localhost" };

/** The session of the next requests: `user`, or none (`null`). */
export const signInAs = (user: SessionUser | null) => vi.mocked(currentUser).mockResolvedValue(user);
