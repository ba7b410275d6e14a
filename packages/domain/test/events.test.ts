import { describe, expect, it } from "vitest";
import { EVENT_TYPES, isEventPayload, isEventType } from "../src/events.ts";

describe("event catalogue", () => {
  it("is exactly the triggers of platform-and-account.md §9, in their order, then the payment reminder (decision 0077) and the payment received (0083)", () => {
    expect(EVENT_TYPES).toEqual([
      "manual",
      "cart.processed",
      "registration.created",
      "registration.cancellation.created",
      "registration.cancellation.restored",
      "registration.transfer.created",
      "bank_statement.transfer.reconciled",
      "waiting-list.vacancy",
      "attendance-charge.created",
      "membership.created",
      "customer-invoice.created",
      "payment.reminder",
      "payment.received",
    ]);
  });

  it("knows its types and nothing else", () => {
    expect(isEventType("cart.processed")).toBe(true);
    expect(isEventType("cart.created")).toBe(false);
    expect(isEventType("toString")).toBe(false);
    expect(isEventType(3)).toBe(false);
  });
});

describe("isEventPayload", () => {
  it("accepts exactly the fields of the type, each a non-empty string", () => {
    expect(isEventPayload("cart.processed", { cart_cuid: "c1" })).toBe(true);
    expect(isEventPayload("waiting-list.vacancy", { availability_cuid: "a1" })).toBe(true);
  });

  it("refuses a missing, extra, empty or non-string field", () => {
    expect(isEventPayload("cart.processed", {})).toBe(false);
    expect(isEventPayload("cart.processed", { cart_cuid: "c1", extra: "x" })).toBe(false);
    expect(isEventPayload("cart.processed", { cart_cuid: "" })).toBe(false);
    expect(isEventPayload("registration.cancellation.created", { registration_cuid: 4 })).toBe(
      false,
    );
    expect(isEventPayload("manual", null)).toBe(false);
    expect(isEventPayload("manual", ["message_cuid"])).toBe(false);
  });
});
