import "server-only";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "../config/env";
import { logger } from "../observability/logger";

interface KeyFile {
  masterKey: string;
  authSecret: string;
}

let cached: { masterKey: Buffer; authSecret: string } | undefined;

/**
 * The 32-byte master key that encrypts secrets at rest (`MASTER_KEY`, base64 or hex) and the session signing
 * secret (`AUTH_SECRET`). Outside production, missing values are generated once into `DATA_DIR/keys.json`
 * with a printed warning; in production (`APP_ENVIRONMENT=production`) they are required.
 */
export function masterKeys(): { masterKey: Buffer; authSecret: string } {
  if (cached) return cached;
  const e = env();
  let masterKey = e.MASTER_KEY ? decodeKey(e.MASTER_KEY) : undefined;
  let authSecret = e.AUTH_SECRET;
  if (!masterKey || !authSecret) {
    if (e.isProduction) {
      throw new Error("MASTER_KEY and AUTH_SECRET must be set when APP_ENVIRONMENT=production (generate each with `openssl rand -base64 32`).");
    }
    const file = loadOrCreateKeyFile(e.dataDir);
    masterKey ??= decodeKey(file.masterKey);
    authSecret ??= file.authSecret;
  }
  cached = { masterKey, authSecret };
  return cached;
}

function decodeKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  if (key.length !== 32) throw new Error("MASTER_KEY must be 32 bytes, base64 or hex encoded (`openssl rand -base64 32`).");
  return key;
}

function loadOrCreateKeyFile(dataDir: string): KeyFile {
  const file = path.join(dataDir, "keys.json");
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8")) as KeyFile;
  mkdirSync(dataDir, { recursive: true });
  const keys: KeyFile = { masterKey: randomBytes(32).toString("base64"), authSecret: randomBytes(32).toString("base64") };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600, flag: "wx" });
  logger().warn(
    { file },
    "MASTER_KEY/AUTH_SECRET not set: generated development keys into this file. Set both in the environment for production; losing this file makes stored secrets unreadable.",
  );
  return keys;
}
