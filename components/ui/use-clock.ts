"use client";

import { useSyncExternalStore } from "react";

/*
 * Client-only values that must not differ from the server's HTML while hydrating: React renders the server
 * snapshot first and switches to the client's once hydrated, without a hydration mismatch.
 */

const noop = () => () => {};

/** False on the server and during hydration, true afterwards: for text only the browser can produce. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

// One shared one-second clock for every component showing a relative time; it runs only while one is mounted.
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The time (ms), ticking every second in the browser; `serverNow` (the time the page was rendered) until hydrated. */
export function useNow(serverNow: number): number {
  return useSyncExternalStore(
    subscribe,
    () => now || serverNow,
    () => serverNow,
  );
}
