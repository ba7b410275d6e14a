import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../src/events.ts";
import {
  type DelayAnchors,
  delaySeconds,
  delayTypesFor,
  isMissedAtTrigger,
  isRuleTrigger,
  isTooLate,
  isWithinSpamWindow,
  meetsRequirements,
  NO_REQUIREMENTS,
  RULE_TRIGGERS,
  type RuleShape,
  recipientTypesFor,
  ruleProblems,
  type SubjectFacts,
  sendAt,
} from "../src/notification-rules.ts";

const BRUSSELS = "Europe/Brussels";
const anchors: DelayAnchors = {
  triggeredAt: new Date("2026-03-01T10:00:00Z"),
  firstStartAt: new Date("2026-03-10T08:00:00Z"),
  lastEndAt: new Date("2026-03-12T16:00:00Z"),
  expiresAt: new Date("2026-12-31T22:59:59Z"),
};

describe("rule triggers", () => {
  it("are the §9 triggers but manual, customer-invoice.created, payment.reminder and payment.received", () => {
    // Invoices and reminders send their own e-mail (decisions 0074, 0077); a payment received
    // drives invoicing only (0083).
    const own = ["manual", "customer-invoice.created", "payment.reminder", "payment.received"];
    expect(RULE_TRIGGERS).toEqual(EVENT_TYPES.filter((type) => !own.includes(type)));
    expect(isRuleTrigger("cart.processed")).toBe(true);
    expect(isRuleTrigger("manual")).toBe(false);
    expect(isRuleTrigger(null)).toBe(false);
  });

  it("allow counting from dates only where the subject has dates, and from expiry where it expires", () => {
    expect(delayTypesFor("registration.created")).toEqual([
      "AFTER_TRIGGER",
      "BEFORE_AVAILABILITY",
      "AFTER_AVAILABILITY",
    ]);
    expect(delayTypesFor("membership.created")).toEqual(["AFTER_TRIGGER", "BEFORE_EXPIRATION"]);
    expect(delayTypesFor("cart.processed")).toEqual([
      "AFTER_TRIGGER",
      "BEFORE_AVAILABILITY",
      "AFTER_AVAILABILITY",
      "BEFORE_EXPIRATION",
    ]);
    expect(delayTypesFor("bank_statement.transfer.reconciled")).toEqual(["AFTER_TRIGGER"]);
    expect(delayTypesFor("registration.cancellation.created")).toEqual(["AFTER_TRIGGER"]);
  });

  it("offer the availability's collaborators only where there is an availability", () => {
    expect(recipientTypesFor("registration.created")).toContain("COLLABORATORS");
    expect(recipientTypesFor("waiting-list.vacancy")).toContain("COLLABORATORS");
    expect(recipientTypesFor("membership.created")).toEqual([
      "CUSTOMER",
      "PARTICIPANTS_CUSTOMERS",
      "ADDRESS",
    ]);
  });
});

describe("sendAt", () => {
  it("counts after the trigger", () => {
    expect(sendAt("AFTER_TRIGGER", { amount: 0, unit: "seconds" }, anchors, BRUSSELS)).toEqual(
      anchors.triggeredAt,
    );
    expect(sendAt("AFTER_TRIGGER", { amount: 90, unit: "minutes" }, anchors, BRUSSELS)).toEqual(
      new Date("2026-03-01T11:30:00Z"),
    );
  });

  it("counts back from the first date and on from the last", () => {
    expect(sendAt("BEFORE_AVAILABILITY", { amount: 24, unit: "hours" }, anchors, BRUSSELS)).toEqual(
      new Date("2026-03-09T08:00:00Z"),
    );
    expect(sendAt("AFTER_AVAILABILITY", { amount: 2, unit: "hours" }, anchors, BRUSSELS)).toEqual(
      new Date("2026-03-12T18:00:00Z"),
    );
  });

  it("counts back from the expiry", () => {
    expect(sendAt("BEFORE_EXPIRATION", { amount: 1, unit: "months" }, anchors, BRUSSELS)).toEqual(
      new Date("2026-11-30T22:59:59Z"),
    );
  });

  it("keeps the wall-clock time across a daylight-saving change for calendar units", () => {
    // Brussels leaves summer time on 25 October 2026 at 03:00 (UTC+2 → UTC+1).
    const first = new Date("2026-10-26T08:00:00Z");
    const dated = { ...anchors, firstStartAt: first };
    expect(sendAt("BEFORE_AVAILABILITY", { amount: 1, unit: "days" }, dated, BRUSSELS)).toEqual(
      new Date("2026-10-25T08:00:00Z"),
    );
    expect(sendAt("BEFORE_AVAILABILITY", { amount: 24, unit: "hours" }, dated, BRUSSELS)).toEqual(
      new Date("2026-10-25T08:00:00Z"),
    );
    // 1 week before 2 November 09:00 local is 26 October 09:00 local (UTC+1), i.e. 7*24 hours.
    const after = { ...anchors, firstStartAt: new Date("2026-11-02T08:00:00Z") };
    expect(sendAt("BEFORE_AVAILABILITY", { amount: 1, unit: "weeks" }, after, BRUSSELS)).toEqual(
      new Date("2026-10-26T08:00:00Z"),
    );
    // Across the change (25 Oct 03:00 → 02:00): 1 day before 25 Oct 12:00 local (UTC+1) is 24 Oct
    // 12:00 local (UTC+2): 25 hours earlier.
    const onChange = { ...anchors, firstStartAt: new Date("2026-10-25T11:00:00Z") };
    expect(sendAt("BEFORE_AVAILABILITY", { amount: 1, unit: "days" }, onChange, BRUSSELS)).toEqual(
      new Date("2026-10-24T10:00:00Z"),
    );
  });

  it("is null without the anchor", () => {
    const none = { ...anchors, firstStartAt: null, lastEndAt: null, expiresAt: null };
    expect(sendAt("BEFORE_AVAILABILITY", { amount: 1, unit: "days" }, none, BRUSSELS)).toBeNull();
    expect(sendAt("AFTER_AVAILABILITY", { amount: 1, unit: "days" }, none, BRUSSELS)).toBeNull();
    expect(sendAt("BEFORE_EXPIRATION", { amount: 1, unit: "days" }, none, BRUSSELS)).toBeNull();
  });
});

describe("isTooLate", () => {
  it("holds a reminder back once the first date has started, or the expiry passed", () => {
    const before = new Date("2026-03-10T07:59:59Z");
    const at = new Date("2026-03-10T08:00:00Z");
    expect(isTooLate("BEFORE_AVAILABILITY", anchors, before)).toBe(false);
    expect(isTooLate("BEFORE_AVAILABILITY", anchors, at)).toBe(true);
    expect(isTooLate("BEFORE_EXPIRATION", anchors, new Date("2027-01-01T00:00:00Z"))).toBe(true);
    expect(isTooLate("BEFORE_AVAILABILITY", { ...anchors, firstStartAt: null }, before)).toBe(true);
  });

  it("never holds back a message that counts on from its anchor", () => {
    const late = new Date("2030-01-01T00:00:00Z");
    expect(isTooLate("AFTER_TRIGGER", anchors, late)).toBe(false);
    expect(isTooLate("AFTER_AVAILABILITY", anchors, late)).toBe(false);
  });
});

describe("isMissedAtTrigger", () => {
  const triggered = new Date("2026-03-10T05:00:00Z");
  it("holds for a reminder whose instant was already past when the event happened", () => {
    expect(
      isMissedAtTrigger("BEFORE_AVAILABILITY", new Date("2026-03-09T08:00:00Z"), triggered),
    ).toBe(true);
    expect(
      isMissedAtTrigger("BEFORE_AVAILABILITY", new Date("2026-03-10T05:00:00Z"), triggered),
    ).toBe(false);
    expect(
      isMissedAtTrigger("BEFORE_EXPIRATION", new Date("2026-03-01T00:00:00Z"), triggered),
    ).toBe(true);
  });
  it("never holds for a message counting on from its anchor", () => {
    expect(
      isMissedAtTrigger("AFTER_AVAILABILITY", new Date("2026-03-01T00:00:00Z"), triggered),
    ).toBe(false);
    expect(isMissedAtTrigger("AFTER_TRIGGER", new Date("2026-03-01T00:00:00Z"), triggered)).toBe(
      false,
    );
  });
});

describe("delaySeconds", () => {
  it("converts each unit", () => {
    expect(delaySeconds({ amount: 3, unit: "seconds" })).toBe(3);
    expect(delaySeconds({ amount: 2, unit: "minutes" })).toBe(120);
    expect(delaySeconds({ amount: 24, unit: "hours" })).toBe(86_400);
    expect(delaySeconds({ amount: 1, unit: "days" })).toBe(86_400);
    expect(delaySeconds({ amount: 1, unit: "weeks" })).toBe(604_800);
    expect(delaySeconds({ amount: 1, unit: "months" })).toBe(2_592_000);
    expect(delaySeconds({ amount: 1, unit: "years" })).toBe(31_536_000);
  });
});

describe("meetsRequirements", () => {
  const at = new Date("2026-06-01T12:00:00Z");
  const facts: SubjectFacts = {
    activityIds: [3, 4],
    categoryIds: [10],
    outstandingAmount: 2500,
    birthdates: ["2016-06-02", null],
  };

  it("holds for everything without requirements", () => {
    expect(meetsRequirements(NO_REQUIREMENTS, facts, at, BRUSSELS)).toBe(true);
    expect(
      meetsRequirements(
        NO_REQUIREMENTS,
        { activityIds: [], categoryIds: [], outstandingAmount: null, birthdates: [] },
        at,
        BRUSSELS,
      ),
    ).toBe(true);
  });

  it("needs one of the activities and one of the categories", () => {
    expect(
      meetsRequirements({ ...NO_REQUIREMENTS, activity_ids: [4, 9] }, facts, at, BRUSSELS),
    ).toBe(true);
    expect(meetsRequirements({ ...NO_REQUIREMENTS, activity_ids: [9] }, facts, at, BRUSSELS)).toBe(
      false,
    );
    expect(meetsRequirements({ ...NO_REQUIREMENTS, category_ids: [10] }, facts, at, BRUSSELS)).toBe(
      true,
    );
    expect(meetsRequirements({ ...NO_REQUIREMENTS, category_ids: [11] }, facts, at, BRUSSELS)).toBe(
      false,
    );
  });

  it("checks payment outstanding or settled, and fails on a subject without amounts", () => {
    const outstanding = { ...NO_REQUIREMENTS, payment: "OUTSTANDING" as const };
    const paid = { ...NO_REQUIREMENTS, payment: "PAID" as const };
    expect(meetsRequirements(outstanding, facts, at, BRUSSELS)).toBe(true);
    expect(meetsRequirements(paid, facts, at, BRUSSELS)).toBe(false);
    const settled = { ...facts, outstandingAmount: 0 };
    expect(meetsRequirements(outstanding, settled, at, BRUSSELS)).toBe(false);
    expect(meetsRequirements(paid, settled, at, BRUSSELS)).toBe(true);
    expect(meetsRequirements(paid, { ...facts, outstandingAmount: null }, at, BRUSSELS)).toBe(
      false,
    );
  });

  it("needs a participant of an age in the range, birthday-aware, unknown birthdates never match", () => {
    // Born 2 June 2016: 9 on 1 June 2026, 10 the next day.
    const tenToTwelve = { ...NO_REQUIREMENTS, participant_age_min: 10, participant_age_max: 12 };
    expect(meetsRequirements(tenToTwelve, facts, at, BRUSSELS)).toBe(false);
    expect(meetsRequirements(tenToTwelve, facts, new Date("2026-06-02T12:00:00Z"), BRUSSELS)).toBe(
      true,
    );
    const upToNine = { ...NO_REQUIREMENTS, participant_age_max: 9 };
    expect(meetsRequirements(upToNine, facts, at, BRUSSELS)).toBe(true);
    expect(meetsRequirements(upToNine, { ...facts, birthdates: [null] }, at, BRUSSELS)).toBe(false);
  });
});

describe("isWithinSpamWindow", () => {
  const now = new Date("2026-06-01T12:00:00Z");
  it("holds back a second message within the delay, not at or after it", () => {
    expect(isWithinSpamWindow(new Date("2026-06-01T11:00:01Z"), 3600, now)).toBe(true);
    expect(isWithinSpamWindow(new Date("2026-06-01T11:00:00Z"), 3600, now)).toBe(false);
    expect(isWithinSpamWindow(null, 3600, now)).toBe(false);
    expect(isWithinSpamWindow(now, 0, now)).toBe(false);
  });
});

describe("ruleProblems", () => {
  const valid: RuleShape = {
    trigger: "registration.created",
    delay_type: "BEFORE_AVAILABILITY",
    recipient_type: "CUSTOMER",
    recipient: null,
    global: true,
    requirements: NO_REQUIREMENTS,
  };

  it("finds none in a consistent rule", () => {
    expect(ruleProblems(valid)).toEqual([]);
    expect(
      ruleProblems({
        ...valid,
        recipient_type: "ADDRESS",
        recipient: "office@example.test",
        global: false,
        requirements: { ...NO_REQUIREMENTS, activity_ids: [1] },
      }),
    ).toEqual([]);
  });

  it("names each contradiction by field", () => {
    expect(ruleProblems({ ...valid, trigger: "membership.created" })).toEqual([
      { field: "delay_type", code: "not_for_trigger" },
    ]);
    expect(
      ruleProblems({
        ...valid,
        trigger: "membership.created",
        delay_type: "AFTER_TRIGGER",
        recipient_type: "COLLABORATORS",
      }),
    ).toEqual([{ field: "recipient_type", code: "not_for_trigger" }]);
    expect(ruleProblems({ ...valid, recipient_type: "ADDRESS" })).toEqual([
      { field: "recipient", code: "required" },
    ]);
    expect(ruleProblems({ ...valid, recipient: "x@example.test" })).toEqual([
      { field: "recipient", code: "not_allowed" },
    ]);
    expect(ruleProblems({ ...valid, global: false })).toEqual([
      { field: "requirements.activity_ids", code: "required" },
    ]);
    expect(
      ruleProblems({ ...valid, requirements: { ...NO_REQUIREMENTS, activity_ids: [2] } }),
    ).toEqual([{ field: "requirements.activity_ids", code: "not_allowed" }]);
    expect(
      ruleProblems({
        ...valid,
        requirements: { ...NO_REQUIREMENTS, participant_age_min: 12, participant_age_max: 6 },
      }),
    ).toEqual([{ field: "requirements.participant_age_max", code: "below_minimum" }]);
  });
});
