/** One item's result in a batch: its value, or the error that refused it (the other items are not affected). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Run `fn`, turning a throw into a failed outcome. */
export async function outcomeOf<T>(fn: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (error) {
    return { ok: false, error };
  }
}
