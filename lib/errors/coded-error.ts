import { ERROR_CODES, type ErrorCode } from "./error-codes";

/** One field-level problem: `path` is a JSON pointer into the request (or definition), `message` says how to fix it. */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * Base of every error with a stable `code`, whichever layer throws it (engine, network, domain). The HTTP
 * status and title come from the code's entry in `ERROR_CODES`, never from the thrower, so the edge
 * translates any of them with one lookup.
 */
export class CodedError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors: FieldError[] = [],
    options: { cause?: unknown; status?: number } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    const entry = ERROR_CODES[code];
    if (options.status !== undefined && !(entry.alsoAs as readonly number[]).includes(options.status)) {
      throw new Error(`error code '${code}' is answered with ${entry.status}, not ${options.status} (see ERROR_CODES)`);
    }
    this.status = options.status ?? entry.status;
  }
}
