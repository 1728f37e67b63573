// `npm start` with WEB_CONCURRENCY: several Next.js server processes behind one port (node:cluster).
// The cluster case needs PostgreSQL (it runs in the int-postgres project only) and a production build.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, readdirSync, readFileSync, readlinkSync } from "node:fs";
import http from "node:http";
import { afterAll, describe, expect, it, onTestFailed } from "vitest";
import { appEnv, builtAppSkip, childrenOf, freePort, root, startScript } from "./support/start-script";
import { eventually } from "./support/vendor-stub";
import { isAlive } from "@/lib/db/data-dir-lock";

const kind = process.env.TEST_DB_KIND ?? "pglite";
const clusterSkip = builtAppSkip();

/**
 * Which process holds the server side of the TCP connections from `clientPorts` to `port`: socket inodes from
 * /proc/net/tcp{,6}, matched against the file descriptors of `pids`. Returns pid -> number of those connections.
 */
function connectionOwners(port: number, clientPorts: Set<number>, pids: number[]): Map<number, number> {
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!existsSync(table)) continue;
    for (const line of readFileSync(table, "utf8").split("\n").slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const [localPort, remotePort] = [f[1], f[2]].map((address) => parseInt(address.split(":")[1], 16));
      if (localPort === port && clientPorts.has(remotePort) && f[3] === "01" /* ESTABLISHED */) inodes.add(f[9]);
    }
  }
  const owners = new Map<number, number>();
  for (const pid of pids) {
    let n = 0;
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1])) n++;
      } catch {
        // closed meanwhile
      }
    }
    owners.set(pid, n);
  }
  return owners;
}

/**
 * GET /api/health on `count` keep-alive connections at once, then which of `pids` holds the server side of each
 * (the connections stay open until the agent is destroyed, so they can be found).
 */
async function servedBy(baseUrl: string, count: number, pids: number[]): Promise<Map<number, number>> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: count });
  const clientPorts = new Set<number>();
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          http
            .get(`${baseUrl}/api/health`, { agent }, (res) => {
              clientPorts.add(res.socket.localPort!);
              res.resume();
              res.on("end", () => (res.statusCode === 200 ? resolve() : reject(new Error(`/api/health answered ${res.statusCode}`))));
            })
            .on("error", reject);
        }),
    ),
  );
  try {
    expect(clientPorts.size, "distinct connections").toBe(count);
    return connectionOwners(Number(new URL(baseUrl).port), clientPorts, pids);
  } finally {
    agent.destroy();
  }
}

async function healthOk(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/api/health`);
    const body = (await res.json()) as { status?: string; database?: string };
    return res.ok && body.status === "ok" && body.database === "postgres";
  } catch {
    return false;
  }
}

describe(`npm start with WEB_CONCURRENCY (${kind})`, () => {
  it.skipIf(kind === "postgres")("refuses WEB_CONCURRENCY > 1 without DATABASE_URL, and invalid values of it and of KEEP_ALIVE_TIMEOUT, with a one-line message", () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [startScript], { cwd: root, env: appEnv({ PORT: "3499", ...env }), encoding: "utf8", timeout: 10_000, killSignal: "SIGKILL" });

    for (const env of [{ WEB_CONCURRENCY: "2" }, { WEB_CONCURRENCY: "2", DATABASE_URL: "" }] as Record<string, string>[]) {
      const r = run(env);
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr.trim().split("\n")).toHaveLength(1);
      expect(r.stderr).toMatch(/WEB_CONCURRENCY=2 needs DATABASE_URL: the embedded database \(PGlite in DATA_DIR\) can only be opened by one process/);
      expect(r.stdout).toBe("");
    }
    for (const value of ["0", "-1", "1.5", "two"]) {
      const r = run({ WEB_CONCURRENCY: value, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr.trim()).toBe(`[start] WEB_CONCURRENCY must be a whole number of server processes, 1 or more (got "${value}").`);
    }
    for (const value of ["0", "-1", "1.5", "soon"]) {
      const r = run({ KEEP_ALIVE_TIMEOUT: value });
      expect(r.status, r.stdout + r.stderr).toBe(1);
      expect(r.stderr.trim()).toBe(`[start] KEEP_ALIVE_TIMEOUT must be a whole number of milliseconds, 1 or more (got "${value}").`);
    }
  });

  describe("two server processes on PostgreSQL", () => {
    let admin: import("postgres").Sql | undefined;
    let dbName: string | undefined;
    let primary: ChildProcess | undefined;

    afterAll(async () => {
      if (primary && primary.exitCode === null && primary.signalCode === null) {
        primary.kill("SIGKILL");
        for (const pid of childrenOf(primary.pid!)) process.kill(pid, "SIGKILL");
      }
      if (admin && dbName) await admin.unsafe(`drop database if exists "${dbName}" with (force)`);
      await admin?.end({ timeout: 5 });
    });

    it.skipIf(clusterSkip !== undefined)(
      `serve one port from two processes, replace a killed one and stop them all on SIGTERM${clusterSkip ? ` (skipped: ${clusterSkip})` : ""}`,
      async () => {
        const { default: postgres } = await import("postgres");
        const baseDbUrl = process.env.TEST_DATABASE_URL!;
        admin = postgres(baseDbUrl, { max: 1, onnotice: () => undefined });
        dbName = `test_cluster_${Date.now().toString(36)}`;
        await admin.unsafe(`create database "${dbName}"`);
        const url = new URL(baseDbUrl);
        url.pathname = `/${dbName}`;

        const port = await freePort();
        const baseUrl = `http://127.0.0.1:${port}`;
        let output = "";
        onTestFailed(() => console.error(`--- output of scripts/start.mjs ---\n${output}`));
        primary = spawn(process.execPath, [startScript], {
          cwd: root,
          // The servers run the worker in-process here (this test is about the servers; tests/worker-processes covers WORKER_PROCESSES).
          env: appEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: url.toString(), PORT: String(port), DB_POOL_MAX: "4", WORKER_PROCESSES: "0", RUN_WORKER: "true" }),
          stdio: ["ignore", "pipe", "pipe"],
        });
        primary.stdout!.on("data", (d: Buffer) => (output += d.toString()));
        primary.stderr!.on("data", (d: Buffer) => (output += d.toString()));
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
          primary!.once("exit", (code, signal) => resolve({ code, signal })),
        );
        const primaryPid = primary.pid!;
        const seen = new Set<number>([primaryPid]);
        const servers = () => {
          const pids = childrenOf(primaryPid);
          pids.forEach((p) => seen.add(p));
          return pids;
        };

        // Both processes migrate and seed a fresh database at the same moment (migrations take an advisory lock).
        await eventually(async () => (output.match(/"msg":"in-process worker started/g) ?? []).length >= 2, "both servers to boot", 45_000, 100);
        expect(output).not.toMatch(/start-up failed/);
        expect(output.match(/"database":"postgres","msg":"database ready"/g)).toHaveLength(2);
        expect(await healthOk(baseUrl)).toBe(true);
        const first = servers();
        expect(first).toHaveLength(2);
        for (const pid of first) expect(output).toContain(`(pid ${pid}) listening on port ${port}`);

        // Requests are served by both: each holds the server side of some of 8 keep-alive connections.
        let owners = await servedBy(baseUrl, 8, first);
        expect([...owners.values()].reduce((a, b) => a + b, 0)).toBe(8);
        for (const pid of first) expect(owners.get(pid), `connections held by pid ${pid}`).toBeGreaterThan(0);

        // A kept-alive connection left idle past Node's own 5 s is still open (KEEP_ALIVE_TIMEOUT, 65 s by default):
        // the client's next request goes out on the same socket and is served, instead of meeting a closing one.
        expect(await idleReuse(baseUrl, 6_000)).toEqual({ status: 200, sameConnection: true });

        // A server killed outright is replaced (after the back-off), and the other keeps answering meanwhile.
        const [victim, survivor] = first;
        process.kill(victim, "SIGKILL");
        await eventually(async () => !servers().includes(victim), "the killed server to be gone", 5_000);
        await eventually(() => healthOk(baseUrl), "health to answer with one server left", 5_000, 50);
        await eventually(async () => output.includes(`(pid ${victim}) exited unexpectedly (signal SIGKILL); restarting it in 1 s`), "the restart log line", 5_000);
        const replacement = await eventually(
          async () => servers().find((p) => p !== survivor && p !== victim && output.includes(`(pid ${p}) listening on port ${port}`)),
          "a replacement server to listen",
          20_000,
          100,
        );
        await eventually(async () => (output.match(/"msg":"in-process worker started/g) ?? []).length >= 3, "the replacement to boot", 20_000, 100);
        expect(servers()).toEqual([survivor, replacement].sort((a, b) => a - b));
        owners = await servedBy(baseUrl, 8, [survivor, replacement]);
        expect([...owners.values()].reduce((a, b) => a + b, 0)).toBe(8);
        expect(owners.get(replacement), "connections held by the replacement").toBeGreaterThan(0);
        expect(owners.get(survivor), "connections held by the survivor").toBeGreaterThan(0);

        // SIGTERM to the primary stops every server, then the primary exits.
        primary.kill("SIGTERM");
        const { code } = await Promise.race([
          exited,
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the primary did not exit within 20 s of SIGTERM")), 20_000)),
        ]);
        expect(code).toBe(0);
        expect(output).toContain("[cluster] all servers stopped");
        expect(seen.size).toBe(4);
        for (const pid of seen) expect(isAlive(pid), `pid ${pid} still running`).toBe(false);
      },
      75_000,
    );
  });
});

/** Two GET /api/health on one keep-alive connection `idleMs` apart: the second's status, and whether it reused the socket. */
async function idleReuse(baseUrl: string, idleMs: number): Promise<{ status: number; sameConnection: boolean }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; localPort: number }>((resolve, reject) => {
      http
        .get(`${baseUrl}/api/health`, { agent }, (res) => {
          const localPort = res.socket.localPort!;
          res.resume();
          res.on("end", () => resolve({ status: res.statusCode!, localPort }));
        })
        .on("error", reject);
    });
  try {
    const first = await get();
    await new Promise((r) => setTimeout(r, idleMs));
    const second = await get();
    return { status: second.status, sameConnection: second.localPort === first.localPort };
  } finally {
    agent.destroy();
  }
}
