import { describe, expect, it } from "vitest";
import { signInErrorFrom, signInErrorMessage } from "./sign-in-error";

describe("sign-in errors on the login page", () => {
  it("reads the query the login route redirects with, and nothing else", () => {
    expect(signInErrorFrom({ error: "invalid" })).toEqual({ kind: "invalid" });
    expect(signInErrorFrom({ error: "CredentialsSignin" })).toEqual({ kind: "invalid" });
    expect(signInErrorFrom({ error: "locked", retry: "90" })).toEqual({ kind: "locked", retrySeconds: 90 });
    expect(signInErrorFrom({ error: "locked", retry: "-5" })).toEqual({ kind: "locked", retrySeconds: 60 });
    expect(signInErrorFrom({ error: "locked", retry: ["1", "2"] })).toEqual({ kind: "locked", retrySeconds: 60 });
    expect(signInErrorFrom({ error: "<script>" })).toBeUndefined();
    expect(signInErrorFrom({})).toBeUndefined();
  });

  it("says the same for every refusal, and when a lock ends in seconds or whole minutes", () => {
    expect(signInErrorMessage({ kind: "invalid" })).toBe("Wrong e-mail or password.");
    expect(signInErrorMessage({ kind: "locked", retrySeconds: 1 })).toBe("Too many attempts. Try again in 1 second.");
    expect(signInErrorMessage({ kind: "locked", retrySeconds: 30 })).toBe("Too many attempts. Try again in 30 seconds.");
    expect(signInErrorMessage({ kind: "locked", retrySeconds: 60 })).toBe("Too many attempts. Try again in 1 minute.");
    expect(signInErrorMessage({ kind: "locked", retrySeconds: 61 })).toBe("Too many attempts. Try again in 2 minutes.");
    expect(signInErrorMessage({ kind: "locked", retrySeconds: 900 })).toBe("Too many attempts. Try again in 15 minutes.");
  });
});
