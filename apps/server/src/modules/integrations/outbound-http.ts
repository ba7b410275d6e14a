import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPrivateAddress } from "../documents/images.ts";

// POSTs to organisers' webhook URLs. The address a URL's host resolves to is checked when the
// connection is made (the socket's own look-up), so a name that answered a public address when
// the URL was saved and a private one now (DNS rebinding) is refused too. No redirect is
// followed, the whole call is bounded in time and the answer read is bounded in size.

export const OUTBOUND_TIMEOUT_MS = 10_000;
/** What is read of an answer at most; the rest is dropped (the body only feeds the log). */
export const MAX_RESPONSE_BYTES = 64 * 1024;
/** What the delivery log keeps of an answer's body. */
const DETAIL_CHARS = 500;

export interface ResolvedAddress {
  address: string;
  family: number;
}

export interface OutboundPolicy {
  /** `address:port` pairs on private networks a test's receiver listens on; empty in production */
  allowedTargets: ReadonlySet<string>;
  /** production: only https URLs */
  httpsOnly: boolean;
  /** resolves a host name to its addresses (the system's resolver by default) */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface OutboundResult {
  /** the HTTP status, null when no answer came */
  status: number | null;
  durationMs: number;
  /** why it failed without an answer, or the start of the answer's body */
  detail: string;
}

export class RefusedTargetError extends Error {}

const systemResolve = (hostname: string) =>
  new Promise<ResolvedAddress[]>((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    );
  });

function defaultPort(url: URL): number {
  return url.port ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
}

function targetAllowed(address: string, port: number, policy: OutboundPolicy): boolean {
  return !isPrivateAddress(address) || policy.allowedTargets.has(`${address}:${port}`);
}

/** Why `url` may not be called at all (scheme, credentials), before any look-up; null if it may. */
export function urlRefusal(url: URL, policy: Pick<OutboundPolicy, "httpsOnly">): string | null {
  if (url.protocol !== "https:" && !(url.protocol === "http:" && !policy.httpsOnly)) {
    return policy.httpsOnly ? "only https addresses are called" : "only http(s) addresses";
  }
  if (url.username || url.password) return "addresses with credentials are refused";
  return null;
}

/** The socket's look-up: every address of the name must be allowed, or the connection fails. */
function guardedLookup(policy: OutboundPolicy, port: number): LookupFunction {
  const resolve = policy.resolve ?? systemResolve;
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const refused = addresses.find((entry) => !targetAllowed(entry.address, port, policy));
        if (addresses.length === 0 || refused) {
          const reason = `${hostname} resolves to a refused address ${refused?.address ?? "(none)"}`;
          callback(new RefusedTargetError(reason), "", 4);
          return;
        }
        if (options.all) {
          (callback as unknown as (error: null, all: ResolvedAddress[]) => void)(null, addresses);
        } else {
          callback(null, addresses[0]!.address, addresses[0]!.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 4),
    );
  };
}

/**
 * POSTs `body` to `url` with `headers` under `policy`: the answer's status and the start of its
 * body, or why no answer came (refused address, timeout, connection error). Never throws.
 */
export async function postOutbound(
  url: URL,
  body: string,
  headers: Record<string, string>,
  policy: OutboundPolicy,
): Promise<OutboundResult> {
  const started = performance.now();
  const done = (status: number | null, detail: string): OutboundResult => ({
    status,
    durationMs: Math.round(performance.now() - started),
    detail: detail.slice(0, DETAIL_CHARS),
  });
  const refusal = urlRefusal(url, policy);
  if (refusal) return done(null, refusal);
  const port = defaultPort(url);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // A literal address is connected to without a look-up: checked here.
  if (isIP(host) && !targetAllowed(host, port, policy)) {
    return done(null, `${host} is a refused address`);
  }
  const client = url.protocol === "https:" ? https : http;
  return new Promise<OutboundResult>((resolve) => {
    const request = client.request(url, {
      method: "POST",
      agent: false,
      lookup: guardedLookup(policy, port),
      headers: {
        ...headers,
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
      },
      timeout: OUTBOUND_TIMEOUT_MS,
    });
    const deadline = setTimeout(
      () => request.destroy(new Error(`no answer within ${OUTBOUND_TIMEOUT_MS} ms`)),
      OUTBOUND_TIMEOUT_MS,
    );
    const finish = (result: OutboundResult) => {
      clearTimeout(deadline);
      resolve(result);
    };
    request.on("timeout", () => request.destroy(new Error("connection timed out")));
    request.on("error", (error) => finish(done(null, error.message)));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => finish(done(response.statusCode ?? null, answerDetail(response, chunks)));
      response.on("data", (chunk: Buffer) => {
        if (size >= MAX_RESPONSE_BYTES) return;
        size += chunk.length;
        chunks.push(chunk);
        // Enough read: the rest of a large answer is not waited for.
        if (size >= MAX_RESPONSE_BYTES) {
          response.destroy();
          end();
        }
      });
      response.on("end", end);
      response.on("error", end);
    });
    request.end(body);
  });
}

function answerDetail(response: http.IncomingMessage, chunks: Buffer[]): string {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) {
    return `redirect to ${response.headers.location ?? "(none)"} not followed`;
  }
  return Buffer.concat(chunks).toString("utf8");
}
