import type { PluginConfig } from "../engine";
import type { RetryPolicy } from "../jobs/backoff";

export const DEFAULT_PLUGIN_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;

const DEFAULT_RETRY: Record<"api_plugin" | "webhook_plugin", RetryPolicy> = {
  api_plugin: { maxAttempts: 3, initialDelayMs: 1_000, maxDelayMs: 30_000 },
  webhook_plugin: { maxAttempts: 8, initialDelayMs: 2_000, maxDelayMs: 10 * 60_000 },
};

const positive = (value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER) =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.min(Math.floor(value), max) : fallback;

/** A plugin's `timeoutMs` (whole call), default 30 s, at most 5 minutes. */
export function pluginTimeoutMs(plugin: PluginConfig): number {
  return positive(plugin.timeoutMs, DEFAULT_PLUGIN_TIMEOUT_MS, 5 * 60_000);
}

/** A plugin's `maxResponseBytes`, default 1 MiB, at most 10 MiB. */
export function pluginMaxResponseBytes(plugin: PluginConfig): number {
  return positive(plugin.maxResponseBytes, DEFAULT_MAX_RESPONSE_BYTES, 10 * 1024 * 1024);
}

/**
 * A plugin's `retry` policy (`{ maxAttempts, initialDelayMs, maxDelayMs }`), each field defaulting per kind:
 * API plugins 3 attempts from 1 s up to 30 s; webhook plugins 8 attempts from 2 s up to 10 minutes.
 */
export function pluginRetryPolicy(plugin: PluginConfig, kind: "api_plugin" | "webhook_plugin"): RetryPolicy {
  const given = (plugin.retry ?? {}) as Partial<RetryPolicy>;
  const d = DEFAULT_RETRY[kind];
  return {
    maxAttempts: positive(given.maxAttempts, d.maxAttempts, 50),
    initialDelayMs: positive(given.initialDelayMs, d.initialDelayMs),
    maxDelayMs: positive(given.maxDelayMs, d.maxDelayMs),
  };
}
