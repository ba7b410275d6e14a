import { describe, expect, it } from "vitest";
import { defaultPoolSize } from "../src/client.ts";

describe("the pool's default size (decision 0109)", () => {
  it("is twice the cores, at least 4 and at most 10", () => {
    expect([1, 2, 3, 4, 5, 8, 64].map((cores) => defaultPoolSize(cores))).toEqual([
      4, 4, 6, 8, 10, 10, 10,
    ]);
  });

  it("follows the machine's cores when none are given", () => {
    expect(defaultPoolSize()).toBeGreaterThanOrEqual(4);
    expect(defaultPoolSize()).toBeLessThanOrEqual(10);
  });
});
