// Next.js calls register() once when a server process starts: migrate, seed and start the worker there.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Malformed paths, unknown /api paths and unserved methods (TRACE too) are answered on the Node server itself.
    const { installEdgeGuard } = await import("./lib/api/http/edge-guard");
    installEdgeGuard();
    const { boot } = await import("./lib/boot");
    await boot();
  }
}
