import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decryptString, encryptString } from "./encryption";
import { apiKeyPrefix, generateApiKey, hashApiKey } from "./api-key-format";

const key = randomBytes(32);

describe("encryptString / decryptString (AES-256-GCM)", () => {
  it("round-trips and never contains the plaintext", () => {
    const sealed = encryptString("s3cret-value", "default/REGISTRY_API_KEY", key);
    expect(sealed).not.toContain("s3cret-value");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(decryptString(sealed, "default/REGISTRY_API_KEY", key)).toBe("s3cret-value");
  });

  it("uses a fresh IV each time", () => {
    expect(encryptString("x", "a", key)).not.toBe(encryptString("x", "a", key));
  });

  it("refuses another owner's ciphertext, a tampered one, and another key", () => {
    const sealed = encryptString("value", "p1/NAME", key);
    expect(() => decryptString(sealed, "p2/NAME", key)).toThrow();
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3], "base64url");
    flipped[0] ^= 1;
    expect(() => decryptString([parts[0], parts[1], parts[2], flipped.toString("base64url")].join("."), "p1/NAME", key)).toThrow();
    expect(() => decryptString(sealed, "p1/NAME", randomBytes(32))).toThrow();
  });
});

describe("API key format", () => {
  it("generates distinct high-entropy keys whose hash is stable and not the key", () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^kyc_[A-Za-z0-9_-]{43}$/);
    expect(hashApiKey(a)).toBe(hashApiKey(a));
    expect(hashApiKey(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(a)).not.toContain(a.slice(4));
    expect(apiKeyPrefix(a)).toBe(a.slice(0, 12));
  });
});
