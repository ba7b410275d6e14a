import { describe, expect, it } from "vitest";
import { ApiRequestError } from "../app/lib/api";
import { createDataCache, retryDelay, shouldRetry } from "../app/lib/data-cache";

describe("data cache (storefront.md §9, platform-and-account.md §9)", () => {
  it("collects unused answers after 5 minutes and never refetches on focus", () => {
    const queries = createDataCache().getDefaultOptions().queries;
    expect(queries?.gcTime).toBe(300_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retryDelay).toBe(retryDelay);
    expect(queries?.retry).toBe(shouldRetry);
  });

  it("retries 3 times", () => {
    const failure = new Error("Failed to fetch");
    expect([0, 1, 2, 3].map((failures) => shouldRetry(failures, failure))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetry(0, new ApiRequestError(503, "SERVICE_UNAVAILABLE"))).toBe(true);
  });

  it("does not retry an answer that asking again would not change (4xx)", () => {
    expect(shouldRetry(0, new ApiRequestError(422, "VALIDATION_ERROR"))).toBe(false);
    expect(shouldRetry(0, new ApiRequestError(404, "NOT_FOUND"))).toBe(false);
  });

  it("waits exponentially longer, at most 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
