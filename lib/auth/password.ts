import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";

/** scrypt's cost parameters, key and salt lengths (bytes) as a hash string records them. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  keyLength: number;
  saltLength: number;
}

/** OWASP's scrypt parameters (Password Storage Cheat Sheet): N = 2^17, r = 8, p = 1; 128 MiB and ~0.4 s per hash. */
export const PRODUCTION_SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 17, r: 8, p: 1, keyLength: 32, saltLength: 16 };

/** Stored parameters beyond these are refused rather than run (a tampered row could ask for gigabytes). */
const MAX = { N: 2 ** 20, r: 32, p: 16, keyLength: 128 };

/**
 * The parameters a new hash uses: the production ones, except that the test runner (`NODE_ENV=test`) may lower N
 * through `SCRYPT_TEST_LOG2_N` (e.g. 10) to keep the suite fast. Read on every call, so a test can switch back.
 */
export function currentScryptParams(): ScryptParams {
  const log2N = Number(process.env.SCRYPT_TEST_LOG2_N);
  if (process.env.NODE_ENV === "test" && Number.isInteger(log2N) && log2N >= 1 && log2N < 17) return { ...PRODUCTION_SCRYPT_PARAMS, N: 2 ** log2N };
  return { ...PRODUCTION_SCRYPT_PARAMS };
}

/** What scrypt needs in memory (OpenSSL's own bound: 128·r·(N + p + 2) bytes), passed as `maxmem`. */
function scrypt(password: string, salt: Buffer, params: Omit<ScryptParams, "saltLength">): Promise<Buffer> {
  const { N, r, p, keyLength } = params;
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize("NFKC"), salt, keyLength, { N, r, p, maxmem: 128 * r * (N + p + 2) }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/**
 * Hash a password with scrypt at `currentScryptParams()`, recording the parameters in the result.
 *
 * @example
 * await hashPassword("a long passphrase") // "scrypt$131072$8$1$<16-byte salt, base64>$<32-byte key, base64>"
 */
export async function hashPassword(password: string, params: ScryptParams = currentScryptParams()): Promise<string> {
  const salt = randomBytes(params.saltLength);
  const hash = await scrypt(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

/** The parameters a `hashPassword` result was made with, or `null` when it is not one (or asks for too much). */
export function parseScryptHash(stored: string): (ScryptParams & { salt: Buffer; hash: Buffer }) | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  const saltBytes = Buffer.from(salt, "base64");
  const hashBytes = Buffer.from(hash, "base64");
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX.N || !Number.isInteger(R) || R < 1 || R > MAX.r || !Number.isInteger(P) || P < 1 || P > MAX.p) return null;
  if (hashBytes.length < 16 || hashBytes.length > MAX.keyLength || saltBytes.length === 0) return null;
  return { N, r: R, p: P, keyLength: hashBytes.length, saltLength: saltBytes.length, salt: saltBytes, hash: hashBytes };
}

/** Constant-time check of a password against a `hashPassword` result of any parameters; false for malformed hashes. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseScryptHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed);
  return timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with weaker parameters than a new one would be (it is then rehashed at sign-in). */
export function needsRehash(stored: string, params: ScryptParams = currentScryptParams()): boolean {
  const old = parseScryptHash(stored);
  if (!old) return false;
  return old.N < params.N || old.r < params.r || old.p < params.p || old.keyLength < params.keyLength || old.saltLength < params.saltLength;
}

/**
 * A hash no password matches, at the current parameters: verified when the user does not exist, so that answer
 * costs the same hashing work as a wrong password.
 */
export function dummyPasswordHash(params: ScryptParams = currentScryptParams()): string {
  const zeros = (n: number) => Buffer.alloc(n).toString("base64");
  return ["scrypt", params.N, params.r, params.p, zeros(params.saltLength), zeros(params.keyLength)].join("$");
}
