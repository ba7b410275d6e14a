import { describe, expect, it } from "vitest";
import {
  DEFAULT_STAFF_NOTIFICATION_OPTIONS,
  EVENT_TYPES,
  isStaffNotificationOption,
  isStaffRecipient,
  mayChooseStaffOption,
  STAFF_NOTIFICATION_EVENTS,
  STAFF_NOTIFICATION_OPTIONS,
  type StaffCandidate,
  staffOptionOf,
} from "../src/index.ts";

const member: StaffCandidate = {
  isOwner: false,
  assigned: false,
  mayRead: false,
  active: true,
  options: DEFAULT_STAFF_NOTIFICATION_OPTIONS,
};

describe("staff notification options", () => {
  it("has reservation.created on by default (§6)", () => {
    expect(DEFAULT_STAFF_NOTIFICATION_OPTIONS).toEqual(["reservation.created"]);
  });

  it("maps each option to an event of the catalogue, and back", () => {
    for (const option of STAFF_NOTIFICATION_OPTIONS) {
      expect(EVENT_TYPES).toContain(STAFF_NOTIFICATION_EVENTS[option]);
      expect(staffOptionOf(STAFF_NOTIFICATION_EVENTS[option])).toBe(option);
    }
    expect(staffOptionOf("registration.created")).toBe("reservation.created");
    expect(staffOptionOf("cart.processed")).toBeNull();
    expect(staffOptionOf("manual")).toBeNull();
    expect(isStaffNotificationOption("reservation.created")).toBe(true);
    expect(isStaffNotificationOption("registration.created")).toBe(false);
  });
});

describe("who is told", () => {
  it("tells an assigned collaborator who opted in of their availability's registrations", () => {
    expect(isStaffRecipient("reservation.created", { ...member, assigned: true })).toBe(true);
  });

  it("does not tell an unassigned collaborator, nor one who opted out", () => {
    expect(isStaffRecipient("reservation.created", member)).toBe(false);
    expect(
      isStaffRecipient("reservation.created", { ...member, assigned: true, options: [] }),
    ).toBe(false);
  });

  it("tells owners of every availability, unless they opted out", () => {
    expect(isStaffRecipient("reservation.created", { ...member, isOwner: true })).toBe(true);
    expect(isStaffRecipient("reservation.created", { ...member, isOwner: true, options: [] })).toBe(
      false,
    );
  });

  it("never tells a collaborator whose invitation is not accepted", () => {
    expect(
      isStaffRecipient("reservation.created", {
        ...member,
        isOwner: true,
        assigned: true,
        active: false,
      }),
    ).toBe(false);
  });

  it("tells of reconciled bank transfers those who may read them, assigned or not", () => {
    const options = ["bank_statement.transfer.reconciled"];
    expect(isStaffRecipient(options[0] as never, { ...member, options, assigned: true })).toBe(
      false,
    );
    expect(isStaffRecipient(options[0] as never, { ...member, options, mayRead: true })).toBe(true);
  });

  it("offers the bank transfer option only to roles that may read bank transfers", () => {
    const volunteer = { isOwner: false, permissions: ["availabilities.availabilities.read"] };
    expect(mayChooseStaffOption(volunteer, "reservation.created")).toBe(true);
    expect(mayChooseStaffOption(volunteer, "bank_statement.transfer.reconciled")).toBe(false);
    const cashier = { isOwner: false, permissions: ["bank.transfers.read"] };
    expect(mayChooseStaffOption(cashier, "bank_statement.transfer.reconciled")).toBe(true);
    expect(
      mayChooseStaffOption(
        { isOwner: true, permissions: [] },
        "bank_statement.transfer.reconciled",
      ),
    ).toBe(true);
  });
});
