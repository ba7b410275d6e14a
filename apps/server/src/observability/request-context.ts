import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { BlockList, isIP } from "node:net";
import type { TrustProxy } from "../config.ts";

/** What a request's work knows of it wherever it runs (the jobs it enqueues carry its id). */
interface RequestContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

/** Runs `work` (the rest of a request's hooks and handler) with the request's id at hand. */
export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request whose work is running, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** An id a proxy may hand on: printable, short, no spaces (a UUID, a ULID, Caddy's ids). */
const VALID_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** The ranges proxy-addr (Fastify's trustProxy) names. */
const NAMED_RANGES: Record<string, Array<[string, number, "ipv4" | "ipv6"]>> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/** Whether the peer of a connection is one of TRUST_PROXY's proxies. */
export function trustsPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === "number") return () => true;
  const list = new BlockList();
  for (const entry of trust) {
    for (const [network, bits, family] of NAMED_RANGES[entry] ?? [cidrOf(entry)]) {
      list.addSubnet(network, bits, family);
    }
  }
  return (address) => {
    if (!address) return false;
    const plain = address.replace(/^::ffff:(?=\d+\.)/, "");
    return list.check(plain, isIP(plain) === 6 ? "ipv6" : "ipv4");
  };
}

function cidrOf(entry: string): [string, number, "ipv4" | "ipv6"] {
  const [address = "", bits] = entry.split("/");
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  return [address, bits === undefined ? (family === "ipv6" ? 128 : 32) : Number(bits), family];
}

/**
 * Fastify's genReqId: the X-Request-Id a trusted proxy sent (so one id follows a request from the
 * proxy's log to the server's and the worker's), else a new UUID. From anyone else the header is
 * ignored: a client must not pick the id its requests are logged under.
 */
export function requestIdGenerator(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustsPeer(trust);
  return (request) => {
    const incoming = request.headers["x-request-id"];
    const fromProxy =
      typeof incoming === "string" &&
      VALID_ID.test(incoming) &&
      trusted(request.socket?.remoteAddress);
    return fromProxy ? incoming : randomUUID();
  };
}
