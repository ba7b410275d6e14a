import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// `npm start`: build the web app when its sources are newer than the build, then run the server.
const root = path.resolve(import.meta.dirname, "..");
const buildEntry = path.join(root, "apps/web/build/server/index.js");
const sources = [
  "apps/web/app",
  "apps/web/public",
  "packages/contracts/src",
  "packages/domain/src",
];

function newestChange(directory: string): number {
  if (!existsSync(directory)) return 0;
  let newest = statSync(directory).mtimeMs;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (changedAt > builtAt) {
  console.info(builtAt ? "Web app sources changed: rebuilding…" : "Building the web app…");
  const result = spawnSync("npm", ["run", "build", "-w", "@booking/web"], {
    cwd: root,
    stdio: "inherit",
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import("../apps/server/src/main.ts");
