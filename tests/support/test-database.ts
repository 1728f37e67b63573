import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setDbHandle, type DbHandle } from "../../lib/db/client";
import { openPglite, openPostgres } from "../../lib/db/open";
import { migratePglite, migratePostgres, migrationsFolder } from "../../lib/db/migrate";

export interface TestDatabase extends DbHandle {
  /** Connection string of the per-file database (PostgreSQL only), for child processes such as workers. */
  url?: string;
  /** Close the connection and drop the per-file database (PostgreSQL) or discard it (PGlite in memory). */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated database owned by one test file, installed as the process database. `TEST_DB_KIND`
 * (set per vitest project) picks an in-memory PGlite or a new database on the `TEST_DATABASE_URL` server.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const kind = process.env.TEST_DB_KIND ?? "pglite";
  const handle = kind === "postgres" ? await openPostgresTestDb() : await openPgliteTestDb();
  setDbHandle(handle);
  return {
    ...handle,
    async dispose() {
      setDbHandle(undefined);
      await handle.dispose();
    },
  };
}

/**
 * Another app process on a test file's database: on PostgreSQL a pool of its own (`max` connections and its own
 * LISTEN connection); on PGlite, which has one connection, the file's own handle (closing it then closes nothing).
 */
export async function openOtherProcess(t: TestDatabase, max: number): Promise<DbHandle> {
  return t.url ? openPostgres(t.url, { max }) : { db: t.db, kind: t.kind, listen: t.listen, close: async () => undefined };
}

/**
 * Version of how the PGlite snapshot is made, part of its file name: raise it when `migratedPgliteSnapshot` changes.
 * Version 2 leaves out what a throw-away in-memory database never uses and a start would otherwise copy: WAL
 * segments of 1 MB instead of 16 MB (initdb --wal-segsize) and the template databases (PGlite serves one database
 * and never creates another). That makes the tarball 16 MB instead of 42 MB.
 */
const PGLITE_SNAPSHOT_VERSION = 2;
/**
 * Settings of every PGlite test database: shared buffers of 16 MB instead of PGlite's 128 MB, which a start zeroes
 * (half of a start's time); a test database holds a few MB. With the smaller snapshot a start costs about 0.6 s of
 * CPU instead of 2.2 s, once per integration test file.
 */
const PGLITE_TEST_SETTINGS = { shared_buffers: "16MB" };

/**
 * Every migration file and the PGlite version, hashed: names the migrated snapshot (PGlite) and template database
 * (PostgreSQL) that test databases start from, so a changed migration never starts a test from a stale schema.
 * Computed once per process.
 */
let schemaHashOnce: string | undefined;
function schemaHash(): string {
  schemaHashOnce ??= hashMigrations();
  return schemaHashOnce;
}

function hashMigrations(): string {
  const hash = createHash("sha256");
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder());
  hash.update(JSON.parse(readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  return hash.digest("hex").slice(0, 16);
}

/**
 * A migrated PGlite cluster as a `dumpDataDir` tarball, built once per schema and kept in the temp folder: a new
 * PGlite runs initdb (about 2.5 s of CPU) and the migrations, a loaded one neither. Written to a temporary name and
 * renamed, so test files building it at once never read half a file.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `kyc-test-pglite-${schemaHash()}-v${PGLITE_SNAPSHOT_VERSION}.tar`);
  if (!existsSync(file)) {
    const fresh = await openPglite("memory://", { initdbArgs: ["--wal-segsize=1"] });
    await migratePglite(fresh);
    const client = (fresh.db as unknown as { $client: { exec(q: string): Promise<unknown>; dumpDataDir(c: "none"): Promise<Blob> } }).$client;
    for (const template of ["template0", "template1"]) {
      await client.exec(`alter database ${template} is_template false`);
      await client.exec(`drop database ${template}`);
    }
    await client.exec("checkpoint");
    const tarball = await client.dumpDataDir("none");
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await tarball.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)]);
}

async function openPgliteTestDb(): Promise<DbHandle & { url?: string; dispose(): Promise<void> }> {
  const handle = await openPglite("memory://", { loadDataDir: await migratedPgliteSnapshot(), settings: PGLITE_TEST_SETTINGS });
  return { ...handle, dispose: () => handle.close() };
}

/** Lock id under which one test process builds the migrated template database the others copy. */
const TEMPLATE_LOCK_ID = 727_002;

/**
 * A fresh database on the `TEST_DATABASE_URL` server, copied from a migrated template (`test_tpl_<schema hash>`,
 * built once under an advisory lock, never connected to afterwards), which is faster than migrating each.
 */
async function openPostgresTestDb(): Promise<DbHandle & { url?: string; dispose(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error("TEST_DB_KIND=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)");
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const template = `test_tpl_${schemaHash()}`;
  const urlOf = (database: string) => {
    const url = new URL(baseUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const { default: postgres } = await import("postgres");
  const admin = postgres(baseUrl, { max: 1, onnotice: () => undefined });
  await admin`select pg_advisory_lock(${TEMPLATE_LOCK_ID})`;
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${template}`;
    if (!found) {
      const building = `${template}_building`;
      await admin.unsafe(`drop database if exists "${building}" with (force)`);
      await admin.unsafe(`create database "${building}"`);
      await migratePostgres(urlOf(building));
      await admin.unsafe(`alter database "${building}" rename to "${template}"`);
    }
  } finally {
    await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_ID})`;
  }
  await admin.unsafe(`create database "${name}" template "${template}"`);
  const url = urlOf(name);
  const handle = await openPostgres(url, { max: 10 });
  return {
    ...handle,
    url,
    async dispose() {
      await handle.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
