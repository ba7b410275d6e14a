import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

// The requests' pool per server process (decision 0109): the machine's default unless set.
const DATA_DIR = "/tmp/database-pool-config";

describe("DATABASE_POOL_MAX", () => {
  it("sets the requests' pool, unset leaves the default", () => {
    expect(loadConfig({ DATA_DIR, DATABASE_POOL_MAX: "24" }).databasePoolMax).toBe(24);
    expect(loadConfig({ DATA_DIR }).databasePoolMax).toBeUndefined();
  });

  it("refuses what is not a positive whole number", () => {
    for (const value of ["0", "-3", "2.5", "many"]) {
      expect(() => loadConfig({ DATA_DIR, DATABASE_POOL_MAX: value })).toThrow(/DATABASE_POOL_MAX/);
    }
  });
});
