import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// The server of the browser tests: a throw-away DATA_DIR, so every run starts from the seed.
const dataDir = mkdtempSync(path.join(tmpdir(), "booking-e2e-"));
process.env.DATA_DIR = dataDir;
// Named where the browser tests find it, to run `npm run operator` on this server's database.
const dataDirNote = path.join(tmpdir(), `booking-e2e-${process.env.PORT ?? 3000}.datadir`);
writeFileSync(dataDirNote, dataDir);
process.on("exit", () => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dataDirNote, { force: true });
});
await import("../apps/server/src/main.ts");
