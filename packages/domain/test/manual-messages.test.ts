import { describe, expect, it } from "vitest";
import {
  canCancelManualMessage,
  manualDeliveryKey,
  manualKeyPrefix,
  manualMessageStatus,
  manualSendAtError,
} from "../src/manual-messages.ts";

const now = new Date("2026-03-01T10:00:00Z");
const later = new Date("2026-03-01T10:05:00Z");
const earlier = new Date("2026-03-01T09:59:59Z");

describe("messages by hand", () => {
  it("sends now without a time, and refuses a time already gone", () => {
    expect(manualSendAtError(null, now)).toBeNull();
    expect(manualSendAtError(later, now)).toBeNull();
    expect(manualSendAtError(now, now)).toBeNull();
    expect(manualSendAtError(earlier, now)).toBe("TOO_SMALL");
  });

  it("reads a scheduled message whose time came as sent", () => {
    expect(manualMessageStatus("SCHEDULED", later, now)).toBe("SCHEDULED");
    expect(manualMessageStatus("SCHEDULED", earlier, now)).toBe("SENT");
    expect(manualMessageStatus("SCHEDULED", now, now)).toBe("SENT");
    expect(manualMessageStatus("CANCELLED", later, now)).toBe("CANCELLED");
    expect(manualMessageStatus("SENT", later, now)).toBe("SENT");
  });

  it("cancels only what still waits for its time", () => {
    expect(canCancelManualMessage("SCHEDULED", later, now)).toBe(true);
    expect(canCancelManualMessage("SCHEDULED", earlier, now)).toBe(false);
    expect(canCancelManualMessage("SENT", later, now)).toBe(false);
    expect(canCancelManualMessage("CANCELLED", later, now)).toBe(false);
  });

  it("keys each family's copy per channel under the message's prefix", () => {
    expect(manualDeliveryKey("abc", 7, "EMAIL")).toBe("manual:abc:7:EMAIL");
    expect(manualDeliveryKey("abc", 7, "SMS")).toBe("manual:abc:7:SMS");
    expect(manualDeliveryKey("abc", 7, "SMS").startsWith(manualKeyPrefix("abc"))).toBe(true);
    expect(manualDeliveryKey("abcd", 7, "SMS").startsWith(manualKeyPrefix("abc"))).toBe(false);
  });
});
