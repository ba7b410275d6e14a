import { QueryClient } from "@tanstack/react-query";
import { useState } from "react";

/** Data cache constants (storefront.md §9, platform-and-account.md §9). */
export const CACHE_GC_TIME_MS = 5 * 60 * 1000;
export const CACHE_RETRIES = 3;
export const CACHE_MAX_RETRY_DELAY_MS = 30_000;

/** Exponential delay before retry `attempt` (0 for the first): 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, CACHE_MAX_RETRY_DELAY_MS);
}

/**
 * An API answer that will not change when asked again (a 4xx: bad input, not found, not allowed)
 * is not retried; network failures and 5xx (503 while the database restarts) are, up to 3 times.
 */
export function shouldRetry(failures: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) return false;
  return failures < CACHE_RETRIES;
}

export function createDataCache(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: CACHE_GC_TIME_MS,
        retry: shouldRetry,
        retryDelay,
        // storefront.md §4 "After adding": the estimate refetches when the form changes, not on
        // window focus; the same holds for every read of the browser.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

let browserCache: QueryClient | undefined;

/**
 * The data cache, passed to its hooks by its readers (the add forms' estimate, the cart's rows)
 * rather than provided by the shell, so that pages without them never download it (decision
 * 0057). In the browser one per page load; on the server one per component render, so that no
 * customer's answers are ever kept in module scope (DESIGN.md, tenancy).
 */
export function useDataCache(): QueryClient {
  const [serverCache] = useState(() =>
    typeof window === "undefined" ? createDataCache() : undefined,
  );
  if (serverCache) return serverCache;
  browserCache ??= createDataCache();
  return browserCache;
}
