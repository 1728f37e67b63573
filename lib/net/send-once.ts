import http from "node:http";
import https from "node:https";
import type { Destination } from "./destination-guard";
import { OutboundError, toOutboundError } from "./errors";
import { allowListedAgentFor, guardedAgentFor } from "./guarded-agent";

/**
 * One request/response exchange (no redirects) with a connect timeout, a deadline for the whole
 * exchange including the body, and a body size cap. On any failure the request and its socket are
 * destroyed before the promise rejects, so nothing is left dangling.
 */

export interface Exchange {
  destination: Destination;
  method: string;
  headers: Record<string, string>;
  body?: Buffer;
  connectTimeoutMs: number;
  /** Epoch ms at which the whole `safeFetch` call (all hops) times out. */
  deadline: number;
  /** Only for messages: the total timeout the deadline came from. */
  timeoutMs: number;
  maxResponseBytes: number;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  remoteAddress: string;
}

function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return flat;
}

function requestOptions(exchange: Exchange): https.RequestOptions {
  const { url, port, allowListed, allowedHosts } = exchange.destination;
  const protocol = url.protocol as "http:" | "https:";
  return {
    protocol,
    hostname: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port,
    path: `${url.pathname}${url.search}`,
    method: exchange.method,
    headers: exchange.headers,
    auth: url.username ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` : undefined,
    agent: allowListed ? allowListedAgentFor(protocol, allowedHosts ?? []) : guardedAgentFor(protocol),
  };
}

/**
 * Sends one request and reads the whole response body. Rejects with an `OutboundError`: `timeout`
 * (phase "connect" or "total"), `response_too_large`, `destination_not_allowed` (raised by the guarded
 * lookup or connect check), `invalid_request` (bad method/header) or `network_error`.
 */
export function sendOnce(exchange: Exchange): Promise<RawResponse> {
  const { url } = exchange.destination;
  const where = url.origin;
  return new Promise<RawResponse>((resolve, reject) => {
    let request: http.ClientRequest | undefined;
    let response: http.IncomingMessage | undefined;
    let settled = false;
    const settle = (error: OutboundError | null, value?: RawResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(totalTimer);
      if (error) {
        response?.destroy();
        request?.destroy();
        reject(error);
      } else resolve(value as RawResponse);
    };

    const remaining = Math.max(0, exchange.deadline - Date.now());
    const totalTimer = setTimeout(() => {
      const message =
        `request to ${where} did not complete within the total timeout of ${exchange.timeoutMs} ms ` +
        `(connect, response and body, across redirects); the service is slow or hanging. It will be ` +
        `retried; raise timeoutMs if this service is legitimately slow.`;
      settle(new OutboundError("timeout", message, { phase: "total" }));
    }, remaining);
    const connectTimer = setTimeout(() => {
      const message =
        `could not connect to ${where} within the connect timeout of ${exchange.connectTimeoutMs} ms ` +
        `(DNS, TCP and TLS handshake); the host is down or unreachable. It will be retried; check the ` +
        `URL and the network path, or raise connectTimeoutMs.`;
      settle(new OutboundError("timeout", message, { phase: "connect" }));
    }, Math.min(exchange.connectTimeoutMs, remaining));

    try {
      const client = url.protocol === "https:" ? https : http;
      request = client.request(requestOptions(exchange));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      settle(
        new OutboundError(
          "invalid_request",
          `cannot send ${exchange.method} ${where}: ${reason}; check the method and header names/values`,
          { cause: error },
        ),
      );
      return;
    }

    request.on("error", (error) => settle(toOutboundError(error, where)));
    request.on("socket", (socket) => {
      if (!socket.connecting) return clearTimeout(connectTimer); // reused keep-alive socket
      socket.once(url.protocol === "https:" ? "secureConnect" : "connect", () => clearTimeout(connectTimer));
    });
    request.on("response", (res) => {
      response = res;
      clearTimeout(connectTimer);
      const limit = exchange.maxResponseBytes;
      const tooLarge = (detail: string) =>
        new OutboundError(
          "response_too_large",
          `response from ${where} is larger than maxResponseBytes (${limit} bytes): ${detail}; reading was ` +
            `aborted. Ask the service for a smaller response (pagination, filters) or raise maxResponseBytes.`,
        );
      const declared = Number(res.headers["content-length"]);
      if (exchange.method !== "HEAD" && Number.isFinite(declared) && declared > limit) {
        return settle(tooLarge(`Content-Length is ${declared}`));
      }

      const remoteAddress = res.socket?.remoteAddress ?? "";
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) return settle(tooLarge(`received ${size} bytes so far`));
        chunks.push(chunk);
      });
      res.on("error", (error) => settle(toOutboundError(error, where)));
      res.on("close", () => {
        if (!res.complete) {
          settle(toOutboundError(new Error("connection closed before the response body was complete"), where));
        }
      });
      res.on("end", () =>
        settle(null, {
          status: res.statusCode ?? 0,
          headers: flattenHeaders(res.headers),
          body: Buffer.concat(chunks),
          remoteAddress,
        }),
      );
    });
    request.end(exchange.body);
  });
}
