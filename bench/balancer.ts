import { randomUUID } from "node:crypto";
import http from "node:http";

/**
 * A small round-robin HTTP balancer for the multi-process check (bench/multi-process.ts), in the
 * role Caddy has in deploy/: it adds X-Forwarded-For (the servers run with TRUST_PROXY naming
 * it) and an X-Request-Id, skips a backend whose connection failed for a second, and sends
 * to the next backend a request whose connection was refused (it never reached a server) or an
 * idempotent one (GET, HEAD) whose backend failed before answering; any other request whose
 * backend failed gets 502, which a client may retry.
 */
export interface Balancer {
  /** which balancer: this one or Caddy (bench/caddy-balancer.ts) */
  kind: "node" | "caddy";
  port: number;
  /** requests sent again to another backend, and answered 502 because theirs died (Node only) */
  counts?: { retried: number; badGateway: number };
  /** requests the balancer has sent to the backend on `port` and not yet had answered */
  inFlight(port: number): Promise<number>;
  close(): Promise<void>;
}

const IDEMPOTENT = new Set(["GET", "HEAD"]);
/** How long a backend whose connection failed is skipped. */
const DEAD_FOR_MS = 1_000;

export async function startBalancer(backends: number[]): Promise<Balancer> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const deadUntil = new Map<number, number>();
  const counts = { retried: 0, badGateway: 0 };
  const inFlight = new Map<number, number>();
  const track = (port: number, change: number) =>
    inFlight.set(port, (inFlight.get(port) ?? 0) + change);
  let next = 0;
  const pick = (): number => {
    for (let tries = 0; tries < backends.length; tries++) {
      const port = backends[next++ % backends.length]!;
      if ((deadUntil.get(port) ?? 0) <= Date.now()) return port;
    }
    return backends[next++ % backends.length]!;
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = Buffer.concat(chunks);
      const forwarded = request.headers["x-forwarded-for"];
      const headers = {
        ...request.headers,
        "x-forwarded-for": [forwarded, request.socket.remoteAddress].filter(Boolean).join(", "),
        "x-request-id": randomUUID(),
      };
      const attempt = (left: number) => {
        const port = pick();
        track(port, 1);
        let settled = false;
        const done = () => {
          if (!settled) track(port, -1);
          settled = true;
        };
        const upstream = http.request(
          { host: "127.0.0.1", port, method: request.method, path: request.url, headers, agent },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            answer.on("end", done);
            answer.on("error", () => response.destroy());
          },
        );
        upstream.on("close", done);
        upstream.on("error", (error: NodeJS.ErrnoException) => {
          // Refused, reset or hung up: the next requests (and this one's retry) go elsewhere.
          deadUntil.set(port, Date.now() + DEAD_FOR_MS);
          if (response.headersSent) {
            response.destroy();
          } else if (
            left > 0 &&
            (error.code === "ECONNREFUSED" || IDEMPOTENT.has(request.method ?? ""))
          ) {
            counts.retried += 1;
            attempt(left - 1);
          } else {
            counts.badGateway += 1;
            response.writeHead(502, { "content-type": "application/json" });
            response.end(JSON.stringify({ error: "BAD_GATEWAY" }));
          }
        });
        upstream.end(body);
      };
      attempt(backends.length - 1);
    });
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    kind: "node",
    port,
    counts,
    inFlight: async (backend) => inFlight.get(backend) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
