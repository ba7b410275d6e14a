import { describe, expect, it } from "vitest";
import {
  apiKeyUsable,
  isApiKeyScope,
  nextWebhookAttemptAt,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_RETRY_WINDOW_MS,
  webhookRetryDelayMs,
  webhookShouldDisable,
} from "../src/integrations.ts";

const MINUTE = 60_000;

describe("webhook retries", () => {
  it("waits four times longer after each failed attempt, starting at one minute", () => {
    expect([1, 2, 3, 4, 5, 6].map((attempt) => webhookRetryDelayMs(attempt) / MINUTE)).toEqual([
      1, 4, 16, 64, 256, 1024,
    ]);
  });

  it("retries within 24 hours of the first attempt and gives up after", () => {
    const first = new Date("2026-11-27T10:00:00Z");
    const retryUntil = new Date(first.getTime() + WEBHOOK_RETRY_WINDOW_MS);
    let now = first;
    const attempts = [now];
    for (let attempt = 1; ; attempt++) {
      const next = nextWebhookAttemptAt(attempt, now, retryUntil);
      if (!next) break;
      attempts.push(next);
      now = next;
    }
    expect(attempts).toHaveLength(7);
    expect(attempts.at(-1)!.getTime() - first.getTime()).toBe(1365 * MINUTE);
    expect(attempts.every((at) => at <= retryUntil)).toBe(true);
  });

  it("disables an endpoint after its limit of failures in a row", () => {
    expect(webhookShouldDisable(WEBHOOK_DISABLE_AFTER_FAILURES - 1)).toBe(false);
    expect(webhookShouldDisable(WEBHOOK_DISABLE_AFTER_FAILURES)).toBe(true);
  });
});

describe("API keys", () => {
  const now = new Date("2026-11-27T10:00:00Z");
  it("are usable until revoked or expired", () => {
    expect(apiKeyUsable({ revokedAt: null, expiresAt: null }, now)).toBe(true);
    expect(apiKeyUsable({ revokedAt: now, expiresAt: null }, now)).toBe(false);
    expect(apiKeyUsable({ revokedAt: null, expiresAt: now }, now)).toBe(false);
    expect(apiKeyUsable({ revokedAt: null, expiresAt: new Date(now.getTime() + 1) }, now)).toBe(
      true,
    );
  });
  it("hold read scopes only", () => {
    expect(isApiKeyScope("customers.read")).toBe(true);
    expect(isApiKeyScope("customers.update")).toBe(false);
  });
});
