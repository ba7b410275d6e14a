import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Balancer } from "./balancer.ts";
import { ROOT } from "./setup.ts";

/**
 * Caddy as the multi-process bench's balancer (decision 0105): the `(servers)` snippet of
 * deploy/Caddyfile, word for word (round robin, active health checks on /api/ready, passive ones,
 * retries on the other server within lb_try_duration of idempotent requests only), with this
 * machine's two server ports for the compose file's `server-1:3000 server-2:3000`, served over
 * plain HTTP on the loopback; its admin API tells how many requests each server has in flight.
 */

const DEPLOY_CADDYFILE = path.join(ROOT, "deploy/Caddyfile");
const DEPLOY_UPSTREAMS = "server-1:3000 server-2:3000";

/** `caddy` on PATH (CADDY_BIN otherwise), or null. */
export function findCaddy(): string | null {
  const bin = process.env.CADDY_BIN || "caddy";
  const run = spawnSync(bin, ["version"], { encoding: "utf8" });
  return run.status === 0 ? bin : null;
}

/** The deploy Caddyfile's `(servers)` snippet, for `upstreams`. */
export function serversSnippet(caddyfile: string, upstreams: string[]): string {
  const start = caddyfile.indexOf("(servers) {");
  if (start < 0) throw new Error("deploy/Caddyfile has no (servers) snippet");
  // The snippet ends at the first closing brace at the start of a line.
  const end = caddyfile.indexOf("\n}", start);
  const snippet = caddyfile.slice(start, end + 2);
  if (!snippet.includes(DEPLOY_UPSTREAMS)) {
    throw new Error(`deploy/Caddyfile's (servers) snippet no longer names ${DEPLOY_UPSTREAMS}`);
  }
  return snippet.replace(DEPLOY_UPSTREAMS, upstreams.join(" "));
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Upstream = { address: string; num_requests: number; fails: number };

export async function startCaddyBalancer(bin: string, backends: number[]): Promise<Balancer> {
  const dir = await mkdtemp(path.join(tmpdir(), "booking-caddy-"));
  const [port, adminPort] = [await freePort(), await freePort()];
  const upstreams = backends.map((backend) => `127.0.0.1:${backend}`);
  const caddyfile = `{
	admin 127.0.0.1:${adminPort}
	auto_https off
}

${serversSnippet(await readFile(DEPLOY_CADDYFILE, "utf8"), upstreams)}

http://:${port} {
	bind 127.0.0.1
	import servers
}
`;
  const file = path.join(dir, "Caddyfile");
  await writeFile(file, caddyfile);
  const child = spawn(bin, ["run", "--config", file, "--adapter", "caddyfile"], {
    // Caddy keeps its data and autosaved configuration here, not in the home folder.
    env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir, HOME: dir },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  });
  const admin = `http://127.0.0.1:${adminPort}`;
  const upstreamsNow = async (): Promise<Upstream[]> => {
    const response = await fetch(`${admin}/reverse_proxy/upstreams`);
    return (await response.json()) as Upstream[];
  };
  const close = async () => {
    await stop(child);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await waitForCaddy(child, `http://127.0.0.1:${port}/api/ready`, () => log);
  } catch (error) {
    await close();
    throw error;
  }
  return {
    kind: "caddy",
    port,
    async inFlight(backend) {
      const upstream = (await upstreamsNow()).find(
        (each) => each.address === `127.0.0.1:${backend}`,
      );
      return upstream?.num_requests ?? 0;
    },
    close,
  };
}

async function waitForCaddy(child: ChildProcess, url: string, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`caddy exited at start:\n${log()}`);
    const answered = await fetch(url).then(
      (response) => response.status === 200,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`caddy did not answer on ${url} within 15 s:\n${log()}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const killed = setTimeout(() => child.kill("SIGKILL"), 5_000);
  await exited;
  clearTimeout(killed);
}
