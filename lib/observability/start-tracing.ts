import { logger } from "./logger";
import { markTracingEnabled, tracingEnabled } from "./tracing";

export interface TracingHandle {
  /** Export the spans still buffered and stop. */
  shutdown(): Promise<void>;
}

/**
 * Start OpenTelemetry tracing when `OTEL_EXPORTER_OTLP_ENDPOINT` is set: the Node SDK with the OTLP/HTTP (JSON)
 * exporter, no auto-instrumentation (our spans: one per request, step, outgoing call and job attempt). Unset,
 * nothing is imported and every span helper stays a flag check. Returns `null` when off or already started.
 * Standard `OTEL_*` variables apply (`OTEL_SERVICE_NAME`, `OTEL_EXPORTER_OTLP_HEADERS`, `OTEL_TRACES_SAMPLER`, …).
 */
export async function startTracing(): Promise<TracingHandle | null> {
  if (!process.env.OTEL_EXPORTER_OTLP_ENDPOINT || tracingEnabled()) return null;
  const [{ NodeSDK }, { OTLPTraceExporter }] = await Promise.all([import("@opentelemetry/sdk-node"), import("@opentelemetry/exporter-trace-otlp-http")]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || "kyc-workflow-service",
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [],
  });
  sdk.start();
  markTracingEnabled();
  logger().info({ endpoint: originOf(process.env.OTEL_EXPORTER_OTLP_ENDPOINT) }, "tracing on: spans exported over OTLP/HTTP");
  return sdk;
}

/** The endpoint's origin for the log line: never its path, query or credentials. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "(not a URL)";
  }
}
