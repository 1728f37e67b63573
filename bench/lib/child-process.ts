import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, openSync } from "node:fs";
import path from "node:path";
import { root } from "./next-build";

const EXIT_WITH_PARENT = path.join(__dirname, "exit-with-parent.mjs");

/** Every child started by a `Restartable`, so none outlives this process, however it ends. */
const live = new Set<ChildProcess>();
process.on("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/**
 * One long-running Node process (the app, a worker) that can be killed and started again: each start spawns
 * `node --import exit-with-parent.mjs <args>` in the repository root with its output appended to `logFile`.
 * A process that exits without being asked to is counted in `unexpectedExits` and marked `crashed`;
 * `superviseCrashes` starts such processes again, as a process manager would.
 */
export class Restartable {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private stopping = false;
  unexpectedExits = 0;
  starts = 0;
  /** True from an exit nobody asked for until the next start. */
  crashed = false;

  constructor(
    readonly name: string,
    private readonly args: string[],
    private readonly env: NodeJS.ProcessEnv,
    private readonly logFile: string,
  ) {}

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    if (this.running) throw new Error(`${this.name} is already running (pid ${this.pid})`);
    const out = openSync(this.logFile, "a");
    const child = spawn(process.execPath, ["--import", EXIT_WITH_PARENT, ...this.args], { cwd: root, env: this.env, stdio: ["ignore", out, out] });
    closeSync(out);
    this.starts++;
    this.stopping = false;
    this.crashed = false;
    this.child = child;
    live.add(child);
    this.exited = new Promise((resolve) =>
      child.once("exit", () => {
        live.delete(child);
        if (!this.stopping) {
          this.unexpectedExits++;
          this.crashed = true;
        }
        resolve();
      }),
    );
  }

  /** Send `signal` (SIGKILL by default) and wait until the process has exited. */
  async kill(signal: NodeJS.Signals = "SIGKILL"): Promise<void> {
    if (!this.running) return;
    this.stopping = true;
    this.child!.kill(signal);
    await this.exited;
  }

  /** Stop gracefully with SIGTERM, killing the process if it is still running after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    if (!this.running) return;
    const timer = setTimeout(() => this.child?.kill("SIGKILL"), graceMs);
    await this.kill("SIGTERM");
    clearTimeout(timer);
  }
}

/** Start again, every second, any of `processes` that exited on its own. Returns a function that stops this. */
export function superviseCrashes(processes: Restartable[], log: (line: string) => void): () => void {
  const timer = setInterval(() => {
    for (const p of processes) {
      if (!p.crashed || p.running) continue;
      log(`${p.name} exited on its own (${p.unexpectedExits} time(s)): starting it again`);
      p.start();
    }
  }, 1000);
  return () => clearInterval(timer);
}
