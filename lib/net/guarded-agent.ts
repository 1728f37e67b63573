import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import type net from "node:net";
import type { Duplex } from "node:stream";
import { checkAddress } from "./address-policy";
import { destinationNotAllowedError } from "./errors";

/**
 * Connections for destinations that are NOT in OUTBOUND_ALLOWED_HOSTS. The guard runs where the
 * connection is made, not before it: the DNS lookup handed to the socket refuses unless every
 * resolved address is public, and the connected `remoteAddress` is checked again before a byte is
 * written. A check-then-connect race (DNS rebinding) therefore cannot reach a private address.
 * IP-literal hosts skip DNS in node:net, so callers must check those first (`destination-guard.ts`).
 */

type Resolver = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

const systemResolver: Resolver = (hostname, options, callback) => dns.lookup(hostname, options, callback);

/**
 * Builds a `lookup` function for node:net that resolves all addresses of a host and fails with
 * `destination_not_allowed` (naming host, port and the offending address) if ANY of them is
 * forbidden, so the socket never connects. `resolver` is injectable for unit tests.
 */
export function createGuardedLookup(port: number, resolver: Resolver = systemResolver): net.LookupFunction {
  return (hostname, options, callback) => {
    resolver(hostname, { family: options.family, hints: options.hints, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      if (addresses.length === 0) {
        const empty = Object.assign(new Error(`no addresses found for ${hostname}`), { code: "ENOTFOUND" });
        return callback(empty, "");
      }
      for (const { address } of addresses) {
        const verdict = checkAddress(address);
        if (verdict.forbidden) {
          return callback(destinationNotAllowedError(hostname, port, address, verdict.range), "");
        }
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first.address, first.family);
    });
  };
}

/** Checks `remoteAddress` the moment the socket connects, ahead of any pending request bytes. */
function verifyOnConnect(socket: net.Socket, host: string, port: number): void {
  socket.prependOnceListener("connect", () => {
    const address = socket.remoteAddress ?? "";
    const verdict = checkAddress(address);
    if (verdict.forbidden) socket.destroy(destinationNotAllowedError(host, port, address, verdict.range));
  });
}

function guardOptions<T extends http.ClientRequestArgs>(options: T): T {
  const port = Number(options.port);
  return { ...options, lookup: createGuardedLookup(port) };
}

function guardSocket(stream: Duplex | null | undefined, options: http.ClientRequestArgs): Duplex | null | undefined {
  if (stream) verifyOnConnect(stream as net.Socket, options.hostname ?? options.host ?? "", Number(options.port));
  return stream;
}

type CreateConnection<O> = (options: O, callback?: (err: Error | null, stream: Duplex) => void) => Duplex | null | undefined;

/** An agent's `createConnection` that resolves through the guarded lookup and checks the connected socket. */
function guarded<O extends http.ClientRequestArgs>(create: CreateConnection<O>): CreateConnection<O> {
  return (options, callback) => {
    const guardedOptions = guardOptions(options);
    return guardSocket(create(guardedOptions, callback), guardedOptions);
  };
}

class GuardedHttpAgent extends http.Agent {
  createConnection = guarded<http.ClientRequestArgs>((options, callback) => super.createConnection(options, callback));
}

class GuardedHttpsAgent extends https.Agent {
  createConnection = guarded<https.RequestOptions>((options, callback) => super.createConnection(options, callback));
}

// Keep-alive is safe to share across callers and policies: every pooled socket was connected through
// the guard above, i.e. to a public address. The 4 s idle timeout stays under the common 5 s server
// keep-alive so we rarely reuse a socket the server is closing (Keep-Alive: timeout hints also apply).
const AGENT_OPTIONS = { keepAlive: true, timeout: 4_000, maxSockets: 64 };
const guardedHttpAgent = new GuardedHttpAgent(AGENT_OPTIONS);
const guardedHttpsAgent = new GuardedHttpsAgent(AGENT_OPTIONS);

/**
 * The shared keep-alive agent for guarded (not allow-listed) requests of the given URL protocol.
 * Allow-listed destinations must not use it (their sockets skip the guard): see `allowListedAgentFor`.
 */
export function guardedAgentFor(protocol: "http:" | "https:"): http.Agent {
  return protocol === "https:" ? guardedHttpsAgent : guardedHttpAgent;
}

const MAX_ALLOW_LIST_AGENTS = 16;
const allowListedAgents = new Map<string, http.Agent>();

/**
 * A keep-alive agent for destinations in an allow-list (OUTBOUND_ALLOWED_HOSTS), one per protocol and list.
 * Their sockets bypass the address guard, so a socket is only ever reused for a request that the same list
 * allows to the same host and port (the agent pools by host and port); a request under another policy gets
 * another agent. Without this every call to an allow-listed vendor would open a new connection.
 */
export function allowListedAgentFor(protocol: "http:" | "https:", allowedHosts: readonly string[]): http.Agent {
  const key = `${protocol}//${[...allowedHosts].sort().join(",")}`;
  let agent = allowListedAgents.get(key);
  if (!agent) {
    agent = protocol === "https:" ? new https.Agent(AGENT_OPTIONS) : new http.Agent(AGENT_OPTIONS);
    allowListedAgents.set(key, agent);
    if (allowListedAgents.size > MAX_ALLOW_LIST_AGENTS) {
      const [oldestKey, oldest] = allowListedAgents.entries().next().value!;
      allowListedAgents.delete(oldestKey);
      oldest.destroy();
    }
  }
  return agent;
}
