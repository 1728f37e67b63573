import { describe, expect, it } from "vitest";
import { generateWebhookSecret } from "../webhooks/signing";
import { firstStartWebhookSecret, isFirstStartWebhookSecret } from "./webhook-secret";

describe("first-start webhook secrets", () => {
  it("are Standard Webhooks secrets (whsec_ + base64 of 32 bytes), different each time", () => {
    const [a, b] = [firstStartWebhookSecret("default"), firstStartWebhookSecret("default")];
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it("are told apart from rotated and seeded secrets, and from another project's", () => {
    const generated = firstStartWebhookSecret("default");
    expect(isFirstStartWebhookSecret("default", generated)).toBe(true);
    expect(isFirstStartWebhookSecret("other", generated)).toBe(false);
    expect(isFirstStartWebhookSecret("default", generateWebhookSecret())).toBe(false);
    expect(isFirstStartWebhookSecret("default", "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")).toBe(false);
    expect(isFirstStartWebhookSecret("default", generated.slice(6))).toBe(false);
    const flipped = Buffer.from(generated.slice(6), "base64");
    flipped[0] ^= 1;
    expect(isFirstStartWebhookSecret("default", `whsec_${flipped.toString("base64")}`)).toBe(false);
  });
});
