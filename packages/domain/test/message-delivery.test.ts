import { describe, expect, it } from "vitest";
import {
  DELIVERY_GIVE_UP_AFTER_MS,
  isPermanentDeliveryFailure,
  nextDeliveryAttempt,
  RETRY_DELAY_MAX_MS,
  retryDelayMs,
} from "../src/message-delivery.ts";

describe("message delivery retries", () => {
  it("doubles the delay from 30 s up to 10 minutes", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(retryDelayMs)).toEqual([
      30_000,
      60_000,
      120_000,
      240_000,
      480_000,
      600_000,
      600_000,
      RETRY_DELAY_MAX_MS,
    ]);
  });

  it("keeps trying through a long outage, and gives up three days after the send time", () => {
    const sendAt = new Date("2026-03-01T10:00:00Z");
    const anHourLater = new Date(sendAt.getTime() + 3600_000);
    expect(nextDeliveryAttempt(9, sendAt, anHourLater)).toEqual(
      new Date(anHourLater.getTime() + RETRY_DELAY_MAX_MS),
    );
    const late = new Date(sendAt.getTime() + DELIVERY_GIVE_UP_AFTER_MS - 60_000);
    expect(nextDeliveryAttempt(300, sendAt, late)).toBeNull();
  });

  it("takes only a 5xx refusal of the recipient or message, or the SMS provider's word, as final", () => {
    expect(isPermanentDeliveryFailure({ code: "EENVELOPE", responseCode: 550 })).toBe(true);
    expect(isPermanentDeliveryFailure({ code: "EMESSAGE", responseCode: 554 })).toBe(true);
    expect(isPermanentDeliveryFailure({ code: "EENVELOPE", responseCode: 451 })).toBe(false);
    expect(isPermanentDeliveryFailure({ code: "EAUTH", responseCode: 535 })).toBe(false);
    expect(isPermanentDeliveryFailure({ code: "ECONNECTION" })).toBe(false);
    expect(isPermanentDeliveryFailure({ retryable: false })).toBe(true);
    expect(isPermanentDeliveryFailure({ retryable: true })).toBe(false);
  });
});
