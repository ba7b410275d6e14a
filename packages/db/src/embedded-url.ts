import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The URL of the embedded cluster a server is running under `dataDir` (its port from the pid
 * file, its generated password; see embedded.ts), or null when none runs there: commands such as
 * `npm run operator` and `npm run backup` reach the server's database while it serves.
 */
export function runningEmbeddedUrl(dataDir: string, database = "booking"): string | null {
  const pidFile = path.join(dataDir, "db", "postmaster.pid");
  const passwordFile = path.join(dataDir, "postgres-password");
  if (!existsSync(pidFile) || !existsSync(passwordFile)) return null;
  const port = Number(readFileSync(pidFile, "utf8").split("\n")[3]);
  if (!Number.isInteger(port) || port <= 0) return null;
  const password = readFileSync(passwordFile, "utf8").trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}
