/** Node/V8 flags for the server process (see server-runtime.mjs). */
export function serverNodeArgs(env?: Record<string, string | undefined>): string[];
/** The server's environment: `env` with the allocator settings unless it sets them itself (see server-runtime.mjs). */
export function serverEnv(env?: Record<string, string | undefined>): NodeJS.ProcessEnv;
