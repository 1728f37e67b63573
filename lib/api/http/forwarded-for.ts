import type http from "node:http";
import { hookServerRequests } from "./server-request-hook";

/**
 * Append the socket's peer address to every request's `X-Forwarded-For`, as a proxy does, on the Node HTTP server
 * itself (`hookServerRequests`, like the edge guard and the request log). Next.js only fills the header
 * when a request has none and otherwise passes a client's own value on, so without this the app could not tell a
 * forged address from the real one; with it the last entry is always the address that connected to this server,
 * and `clientAddress` can trust exactly as many entries before it as there are proxies (`TRUSTED_PROXY_HOPS`).
 * Where no Node server of ours runs (Vercel), the platform sets the header itself.
 */
export function installForwardedFor(): void {
  hookServerRequests(Symbol.for("kyc.forwardedFor"), (req, _res, next) => {
    appendPeer(req);
    return next();
  });
}

/** `req`'s `X-Forwarded-For` with the socket's peer address appended (the header is created when missing). */
export function appendPeer(req: http.IncomingMessage): void {
  const peer = req.socket?.remoteAddress;
  if (!peer) return;
  const sent = req.headers["x-forwarded-for"];
  const chain = Array.isArray(sent) ? sent.join(", ") : sent;
  req.headers["x-forwarded-for"] = chain?.trim() ? `${chain}, ${peer}` : peer;
}
