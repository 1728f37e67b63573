// Next.js calls register() once when a server process starts: migrate, seed and start the worker there.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // TRACE requests fail inside Next.js before proxy.ts runs; answer them as problem+json first.
    const { installTraceGuard } = await import("./lib/api/http/trace-guard");
    installTraceGuard();
    const { boot } = await import("./lib/boot");
    await boot();
  }
}
