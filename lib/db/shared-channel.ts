import type { Db, DbHandle } from "./client";

/** A NOTIFY channel this process listens on once, fanned out to any number of subscribers. */
export interface SharedChannel {
  /**
   * Call `onNotify` for each notification from now on (only those whose payload is exactly `payload`, when
   * given) until the returned function is called.
   */
  subscribe(onNotify: (payload: string) => void, payload?: string): () => void;
  /** Call `onGap` whenever notifications may have been missed (LISTEN re-established after a dropped connection). */
  onGap(onGap: () => void): () => void;
}

const channels = new WeakMap<Db, Map<string, Promise<SharedChannel>>>();

/**
 * The process's one LISTEN on `channel` for this database, created on first use and shared by every caller
 * (keyed by `handle.db`, so copies of a handle share it). Resolves once LISTEN is in effect: a notification
 * committed after that reaches the subscribers. Rejects when LISTEN fails; the next call tries again.
 */
export function sharedChannel(handle: DbHandle, channel: string): Promise<SharedChannel> {
  let perDb = channels.get(handle.db);
  if (!perDb) channels.set(handle.db, (perDb = new Map()));
  let shared = perDb.get(channel);
  if (!shared) {
    const everything = new Set<(payload: string) => void>();
    const byPayload = new Map<string, Set<(payload: string) => void>>();
    const gapWatchers = new Set<() => void>();
    shared = handle
      .listen(
        channel,
        (payload) => {
          for (const onNotify of everything) onNotify(payload);
          for (const onNotify of byPayload.get(payload) ?? []) onNotify(payload);
        },
        () => {
          for (const onGap of gapWatchers) onGap();
        },
      )
      .then(() => ({
        onGap(onGap) {
          const entry = () => onGap();
          gapWatchers.add(entry);
          return () => gapWatchers.delete(entry);
        },
        subscribe(onNotify, payload) {
          let set = payload === undefined ? everything : byPayload.get(payload);
          if (!set) byPayload.set(payload!, (set = new Set()));
          const subscribers = set;
          // A wrapper, so one function subscribed twice is two subscriptions.
          const entry = (value: string) => onNotify(value);
          subscribers.add(entry);
          return () => {
            subscribers.delete(entry);
            if (payload !== undefined && subscribers.size === 0 && byPayload.get(payload) === subscribers) byPayload.delete(payload);
          };
        },
      }));
    perDb.set(channel, shared);
    const failed = shared;
    failed.catch(() => {
      if (perDb.get(channel) === failed) perDb.delete(channel);
    });
  }
  return shared;
}
