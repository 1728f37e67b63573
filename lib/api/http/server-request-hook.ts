import http from "node:http";

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

/** Runs around the server's handling of one request; calls `next` to hand it on, or answers it itself. */
export type ServerRequestHook = (req: http.IncomingMessage, res: http.ServerResponse, next: () => boolean) => boolean;

/**
 * Put `hook` around every request every Node HTTP server of this process gets, before Next.js sees it, by wrapping
 * `http.Server.prototype.emit` once per `key` (a second call with the same key does nothing). The hook installed
 * last runs first.
 *
 * @example
 * hookServerRequests(Symbol.for("kyc.example"), (req, _res, next) => { req.headers["x-seen"] = "1"; return next(); });
 */
export function hookServerRequests(key: symbol, hook: ServerRequestHook): void {
  const proto = http.Server.prototype as unknown as { emit: Emit } & Record<symbol, true | undefined>;
  if (proto[key]) return;
  proto[key] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event, ...args) {
    if (event !== "request") return emit.call(this, event, ...args);
    return hook(args[0] as http.IncomingMessage, args[1] as http.ServerResponse, () => emit.call(this, event, ...args));
  };
}
