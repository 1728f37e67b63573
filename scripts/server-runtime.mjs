// How a server process runs: its Node/V8 flags and memory-allocator settings. Shared by `npm start`
// (scripts/start.mjs) and the fuzzer (bench/lib/fuzz/app.ts), so the fuzzer measures the server as deployed.
//
// Measured with `FUZZ_HEAP=1 npm run fuzz` (10,000 hostile requests, PGlite): with Node's defaults RSS grew
// +215-234 MiB, of which only +13 MiB was JavaScript the app still held after a full GC (bounded caches). The rest
// was not retention:
// - V8 lets the old generation grow to about 4× the live heap before a full collection (and the young generation
//   to 2 × 16 MiB): about 130-190 MiB of garbage between collections for a live heap of 60-70 MiB.
//   `--heap-growing-percent=50` collects at 1.5× (a full collection of this heap takes tens of milliseconds, mostly
//   concurrent), `--max-semi-space-size=8` halves the young generation: RSS growth +41 MiB, peak 484 instead of 800 MiB.
// - glibc keeps freed memory in per-thread arenas (up to 8 per core), and after the first free of a large block
//   serves later large blocks (scrypt's 16 MiB, one per password hashed, on libuv's threads) from those arenas instead
//   of returning them: +50-67 MiB after a full GC. Two arenas and a fixed mmap threshold return it: +17 MiB.
// - Measured again with a young generation of 2 × 16 MiB (`--max-semi-space-size=16`, the default now): scavenges
//   took 7.6 % of a run's server CPU instead of 10.2 % (32 MiB: 6.3 %; CPU profiles of 6 s of runs after warm-up),
//   and the fuzzer's RSS was unchanged: +56 MiB, peak 649 MiB, against +54 MiB, peak 660 MiB at 8 the same day
//   (32: +75 MiB, peak 716 MiB).
// An operator's own values win: SERVER_NODE_ARGS (space-separated flags, empty for none), MALLOC_ARENA_MAX and
// MALLOC_MMAP_THRESHOLD_ from the environment are kept.

/** Node/V8 flags for the server process. */
export function serverNodeArgs(env = process.env) {
  if (env.SERVER_NODE_ARGS !== undefined) return env.SERVER_NODE_ARGS.split(" ").filter(Boolean);
  return ["--max-semi-space-size=16", "--heap-growing-percent=50"];
}

/** The server's environment: `env` with the allocator settings above unless it sets them itself. */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072", ...env };
}
