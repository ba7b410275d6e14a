import { execFileSync, spawnSync } from "node:child_process";

// Deployments and CI systems install with `npm ci`, which refuses a lockfile that lacks a package
// (another platform's optional binary, say). `npm install` quietly completes such a lockfile, so in
// CI (a clean clone) the lockfile it leaves must also be the one that was committed.

const root = new URL("..", import.meta.url).pathname;

function fail(message: string): never {
  console.error(`check:lockfile: ${message}`);
  process.exit(1);
}

const dryRun = spawnSync(
  "npm",
  ["ci", "--dry-run", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"],
  { cwd: root, encoding: "utf8" },
);
if (dryRun.status !== 0) {
  fail(`\`npm ci\` would fail on this lockfile:\n${dryRun.stderr}`);
}

if (process.env.CI) {
  const changed = execFileSync("git", ["status", "--porcelain", "--", "package-lock.json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (changed.trim() !== "") {
    fail(
      "`npm install` had to change package-lock.json, so `npm ci` fails on the committed one; commit the lockfile npm install wrote.",
    );
  }
}
