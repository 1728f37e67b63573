type Env = Record<string, string | undefined>;
/** Node/V8 flags for the server process (see server-runtime.mjs). */
export function serverNodeArgs(env?: Env): string[];
/** The server's environment: `env` with the allocator settings unless it sets them itself (see server-runtime.mjs). */
export function serverEnv(env?: Env): Env;
