import { createRequire } from "node:module";
import pino, { type DestinationStream, type Logger, type LoggerOptions } from "pino";

const LOGGER = Symbol.for("kyc.logger");
const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/**
 * Keys whose values never reach a log line, wherever they appear (top level or one object down): credentials
 * and headers that carry them, secrets, a runtime's context and personal data. Log ids and names instead.
 */
export const REDACTED_PATHS = [
  "authorization", "cookie", "password", "secret", "secrets", "token", "apiKey", "key", "context", "email", "body", "payload",
  "*.authorization", "*.cookie", "*.password", "*.secret", "*.secrets", "*.token", "*.apiKey", "*.key", "*.context", "*.email", "*.body", "*.payload",
  'headers["authorization"]', 'headers["cookie"]', 'headers["x-api-key"]',
  '*.headers["authorization"]', '*.headers["cookie"]', '*.headers["x-api-key"]',
];

/** The options every logger of the process gets: level from `LOG_LEVEL` (default `info`), ISO time, labels as levels. */
function options(): LoggerOptions {
  const level = process.env.LOG_LEVEL?.toLowerCase();
  return {
    level: level && LEVELS.has(level) ? level : "info",
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  };
}

/** pino-pretty when `NODE_ENV=development` and it is installed (a dev dependency); JSON lines otherwise. */
function build(destination?: DestinationStream): Logger {
  if (!destination && process.env.NODE_ENV === "development" && hasPrettyPrinter()) {
    // pino-pretty reads numeric levels: no level formatter.
    return pino({ ...options(), formatters: {}, transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss.l", ignore: "pid" } } });
  }
  // Lines are written in batches of 4 KiB, and at least every 100 ms: one write(2) per line to a pipe cost about
  // 0.5 ms of CPU per API request (docs/performance.md). pino flushes what is buffered when the process exits; a
  // process killed with SIGKILL loses at most the last 100 ms of lines.
  return pino(options(), destination ?? pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 }));
}

function hasPrettyPrinter(): boolean {
  try {
    createRequire(`${process.cwd()}/`).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/**
 * The process's logger: JSON lines on stdout (one object per line, `level`, `time`, `msg` and fields), pretty
 * in development. One instance per process even when the bundler duplicates this module.
 *
 * @example
 * logger().info({ jobId: 12, kind: "api_plugin" }, "job attempt");
 */
export function logger(): Logger {
  const g = globalThis as { [LOGGER]?: Logger };
  return (g[LOGGER] ??= build());
}

const UNREDACTED = Symbol.for("kyc.unredactedChild");

/**
 * The process's logger without the redaction pass, for the fixed-shape lines written on every request and job
 * attempt (`request`, `job attempt`), whose fields are ids, route patterns, numbers and outcomes our own code builds
 * and none of whose keys is redacted: the pass never changes them, and costs three times the line itself. Never
 * log a caller's value, or an object, through it: use `logger()`.
 *
 * @example
 * unredactedLogger().info({ requestId, route, status, durationMs }, "request");
 */
export function unredactedLogger(): Logger {
  const root = logger() as Logger & { [UNREDACTED]?: Logger };
  return (root[UNREDACTED] ??= root.child({}, { redact: [] }));
}

/**
 * Send every later line to `destination` (tests capture lines in-process), at `info` and above whatever `LOG_LEVEL`
 * says (the test suite sets `warn` to keep its output readable); `undefined` restores stdout at `LOG_LEVEL`.
 */
export function setLogDestination(destination: DestinationStream | undefined): void {
  const logger = build(destination);
  if (destination && !["debug", "trace"].includes(logger.level)) logger.level = "info";
  (globalThis as { [LOGGER]?: Logger })[LOGGER] = logger;
}

/**
 * The message of a thrown value, for a log field (never its stack's arguments or a request body). A failed query
 * (Drizzle's "Failed query: <statement> params: <values>") is told by the database's own reason and SQLSTATE
 * instead: its parameters may hold a case's personal data, and the reason ("deadlock detected") is what says why.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message.startsWith("Failed query:")) {
    const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
    const reason = typeof cause?.message === "string" ? cause.message : "no reason given";
    return `query failed: ${reason}${typeof cause?.code === "string" ? ` (SQLSTATE ${cause.code})` : ""}`;
  }
  return error.message;
}

/** Where a thrown error came from: its stack's frames only (the first lines repeat the message, which `errorMessage` tells safely). */
export function errorStack(error: unknown): string | undefined {
  if (!(error instanceof Error) || !error.stack) return undefined;
  return error.stack
    .split("\n")
    .filter((line) => line.startsWith("    at "))
    .join("\n");
}
