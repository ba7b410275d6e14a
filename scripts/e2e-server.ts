import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The server of the browser tests: a throw-away DATA_DIR, so every run starts from the seed.
const dataDir = mkdtempSync(path.join(tmpdir(), "booking-e2e-"));
process.env.DATA_DIR = dataDir;
process.on("exit", () => rmSync(dataDir, { recursive: true, force: true }));
await import("../apps/server/src/main.ts");
