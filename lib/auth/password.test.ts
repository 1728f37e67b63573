import { scryptSync } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { currentScryptParams, dummyPasswordHash, hashPassword, needsRehash, parseScryptHash, PRODUCTION_SCRYPT_PARAMS, verifyPassword } from "./password";

const testLog2N = process.env.SCRYPT_TEST_LOG2_N;
afterEach(() => {
  vi.unstubAllEnvs();
  if (testLog2N === undefined) delete process.env.SCRYPT_TEST_LOG2_N;
  else process.env.SCRYPT_TEST_LOG2_N = testLog2N;
});

/** The scheme the app used before the OWASP parameters: N = 2^14 and a 64-byte key. */
const OLD = { N: 2 ** 14, r: 8, p: 1, keyLength: 64, saltLength: 16 };

describe("scrypt password hashing", () => {
  it("a new hash uses the OWASP parameters when the test-only cost variable is unset: N=2^17, r=8, p=1, 32-byte key, 16-byte salt", async () => {
    delete process.env.SCRYPT_TEST_LOG2_N;
    expect(currentScryptParams()).toEqual({ N: 131072, r: 8, p: 1, keyLength: 32, saltLength: 16 });
    const hash = await hashPassword("correct horse battery staple");
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(parseScryptHash(hash)).toMatchObject({ ...PRODUCTION_SCRYPT_PARAMS });
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(needsRehash(hash)).toBe(false);
  });

  it("only the test runner may lower the cost: outside NODE_ENV=test the variable is ignored", () => {
    process.env.SCRYPT_TEST_LOG2_N = "4";
    expect(currentScryptParams().N).toBe(16);
    vi.stubEnv("NODE_ENV", "production");
    expect(currentScryptParams().N).toBe(131072);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery staple");
    expect(await verifyPassword("correct horse battery staple", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery stapl", hash)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("still verifies a hash with the older, weaker parameters, and says it needs rehashing", async () => {
    const old = await hashPassword("an older passphrase", OLD);
    expect(old.startsWith("scrypt$16384$8$1$")).toBe(true);
    expect(await verifyPassword("an older passphrase", old)).toBe(true);
    expect(await verifyPassword("an older passphras", old)).toBe(false);
    expect(needsRehash(old, PRODUCTION_SCRYPT_PARAMS)).toBe(true);
    // Stronger than what a new hash uses (the suite's lowered cost): kept, never downgraded.
    expect(needsRehash(await hashPassword("x", { ...currentScryptParams(), N: currentScryptParams().N * 2 }))).toBe(false);
  });

  it("answers false for malformed hashes, the dummy hash, and parameters too large to run", async () => {
    const good = await hashPassword("x");
    const [, , , , salt, key] = good.split("$");
    for (const bad of ["plain-text", "", "scrypt$1024$8$1$$", `scrypt$1000$8$1$${salt}$${key}`, `scrypt$1024$8$1$${salt}$${key}$extra`, `scrypt$${2 ** 24}$8$1$${salt}$${key}`, `scrypt$1024$0$1$${salt}$${key}`, `bcrypt$1024$8$1$${salt}$${key}`]) {
      expect(await verifyPassword("x", bad), bad).toBe(false);
      expect(needsRehash(bad), bad).toBe(false);
    }
    expect(await verifyPassword("", dummyPasswordHash())).toBe(false);
    expect(parseScryptHash(dummyPasswordHash())).toMatchObject(currentScryptParams());
  });

  it("reads the stored parameters within their bounds: N a power of two from 2 to 2^20, r 1 to 32, p 1 to 16, a 16- to 128-byte key, a salt", () => {
    const b64 = (n: number) => Buffer.alloc(n, 7).toString("base64");
    const hash = (N: number | string, r: number | string, p: number | string, key = 32, salt = 16) => `scrypt$${N}$${r}$${p}$${b64(salt)}$${b64(key)}`;
    for (const ok of [hash(2, 1, 1), hash(2 ** 20, 32, 16), hash(1024, 8, 1, 16), hash(1024, 8, 1, 128, 1)]) expect(parseScryptHash(ok), ok).not.toBeNull();
    expect(parseScryptHash(hash(2 ** 20, 32, 16, 128, 8))).toMatchObject({ N: 2 ** 20, r: 32, p: 16, keyLength: 128, saltLength: 8 });
    for (const bad of [hash(1, 8, 1), hash(3, 8, 1), hash(2 ** 21, 8, 1), hash(1024.5, 8, 1), hash(1024, 33, 1), hash(1024, 1.5, 1), hash(1024, 8, 0), hash(1024, 8, 17), hash(1024, 8, 0.5), hash(1024, 8, 1, 15), hash(1024, 8, 1, 129)]) {
      expect(parseScryptHash(bad), bad).toBeNull();
    }
  });

  it("needs a rehash when any one parameter is weaker than a new hash's, not when all are equal or stronger", () => {
    const params = { N: 1024, r: 8, p: 2, keyLength: 32, saltLength: 16 };
    const stored = (q: typeof params) => dummyPasswordHash(q);
    expect(needsRehash(stored(params), params)).toBe(false);
    expect(needsRehash(stored({ ...params, N: 2048, r: 9, p: 3, keyLength: 64, saltLength: 32 }), params)).toBe(false);
    for (const weaker of [{ N: 512 }, { r: 7 }, { p: 1 }, { keyLength: 16 }, { saltLength: 8 }]) {
      expect(needsRehash(stored({ ...params, ...weaker }), params), JSON.stringify(weaker)).toBe(true);
    }
  });

  it("the test-only cost is a whole log2 N from 1 to 16; anything else keeps the OWASP cost", () => {
    const nFor = (value: string) => {
      process.env.SCRYPT_TEST_LOG2_N = value;
      return currentScryptParams().N;
    };
    expect([nFor("1"), nFor("16")]).toEqual([2, 65536]);
    expect([nFor("0"), nFor("17"), nFor("18"), nFor("4.5"), nFor("ten")]).toEqual([131072, 131072, 131072, 131072, 131072]);
    expect(currentScryptParams()).toEqual({ ...PRODUCTION_SCRYPT_PARAMS });
  });

  it("compares passwords in Unicode compatibility form (NFKC): a ligature or a composed accent is the same password", async () => {
    const params = { ...currentScryptParams(), N: 16 };
    const hash = await hashPassword("ﬁle café", params);
    expect(await verifyPassword("file cafe\u0301", hash)).toBe(true);
    expect(await verifyPassword("file cafe", hash)).toBe(false);
  });

  it("a stored hash is scrypt of the NFKC password with the parameters it records, so hashes made elsewhere verify", async () => {
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("pass phrase", salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$1024$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword("pass phrase", stored)).toBe(true);
    expect(await verifyPassword("pass phrase!", stored)).toBe(false);
    const [, n, r, p, saltText, keyText] = (await hashPassword("pass phrase", { N: 1024, r: 8, p: 1, keyLength: 32, saltLength: 16 })).split("$");
    expect([n, r, p]).toEqual(["1024", "8", "1"]);
    expect(scryptSync("pass phrase", Buffer.from(saltText, "base64"), 32, { N: 1024, r: 8, p: 1 }).toString("base64")).toBe(keyText);
  });
});
