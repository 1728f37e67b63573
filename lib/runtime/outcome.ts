/** One item's result in a batch: its value, or the error that refused it (the other items are not affected). */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };
