// Next.js calls register() once when a server process starts: migrate, seed and start the worker there.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (the SDK is not even loaded otherwise).
    if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) await (await import("./lib/observability/start-tracing")).startTracing();
    // Malformed paths, unknown /api paths and unserved methods (TRACE too) are answered on the Node server itself.
    const { installEdgeGuard } = await import("./lib/api/http/edge-guard");
    installEdgeGuard();
    // X-Forwarded-For ends with the address that connected, whatever a client wrote (the sign-in throttle reads it).
    const { installForwardedFor } = await import("./lib/api/http/forwarded-for");
    installForwardedFor();
    // One log line and metric per request, the guard's answers included (installed after it, so it runs first).
    const { installRequestLog } = await import("./lib/api/http/request-log");
    installRequestLog();
    const { boot } = await import("./lib/boot");
    await boot();
  }
}
