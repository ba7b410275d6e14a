import {
  availabilityCategories,
  availabilityDates,
  categories,
  events,
  messages,
  notificationRules,
  participants,
  registrations,
  scheduledNotifications,
  waitingListEntries,
} from "@booking/db";
import { and, eq, isNull, sql } from "@booking/db/orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEventsConsumer } from "../src/jobs/events-consumer.ts";
import { relayEvents } from "../src/jobs/events-relay.ts";
import { startJobQueue } from "../src/jobs/queue.ts";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { notificationRulesHandler } from "../src/modules/notifications/scheduling-service.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import { Client, createTestApp, type TestApp } from "./harness.ts";
import {
  availability,
  createRule,
  customer,
  deliverEvents,
  eventsSince,
  lastEventId,
  messagesOf,
  onlyRule,
  pollAt,
  register,
  ruleBody,
  rulesDeps,
  scheduledOf,
} from "./notification-rules-fixtures.ts";
import { startSmtpServer } from "./smtp-fixtures.ts";

const HOUR = 3600 * 1000;

let t: TestApp;
let databaseUrl: string;
let owner: Client;
let demoId: number;
const clock = { now: new Date() };

beforeAll(async () => {
  t = await createTestApp({
    databaseUrl: (url) => {
      databaseUrl = url;
      return url;
    },
  });
  demoId = await organiserIdOf(t.db, "demo");
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

/** A rule made through the API, the only active one of the demo organiser. */
async function soleRule(overrides: Record<string, unknown> = {}) {
  const rule = await createRule(owner, overrides);
  await onlyRule(t, demoId, rule.id);
  return rule;
}

/** A registration whose events went to the consumer at `now`. */
async function registeredAndDelivered(
  options: Parameters<typeof availability>[2] = {},
  who?: Awaited<ReturnType<typeof customer>>,
) {
  const target = await availability(t, demoId, options);
  const person = who ?? (await customer(t, demoId));
  const before = await lastEventId(t);
  const made = await register(t, person, target);
  clock.now = new Date();
  await deliverEvents(t, before, rulesDeps(t, clock));
  return { target, who: person, ...made };
}

describe("console API of notification rules", () => {
  it("lists the default rule first; it can be edited and turned off, not deleted", async () => {
    const list = await owner.get("/api/admin/notification-rules");
    expect(list.statusCode).toBe(200);
    const [first] = list.json().data;
    expect(first).toMatchObject({
      is_default: true,
      trigger: "cart.processed",
      recipient_type: "CUSTOMER",
      delay: { amount: 0, unit: "minutes" },
      delay_type: "AFTER_TRIGGER",
      template_key: "cart-confirmation",
      active: true,
    });
    const refused = await owner.delete(`/api/admin/notification-rules/${first.cuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("NOTIFICATION_RULE_IS_DEFAULT");
    const retargeted = await owner.put(`/api/admin/notification-rules/${first.cuid}`, {
      ...ruleBody({ template_key: "cart-confirmation", title: "", content: "" }),
      trigger: "registration.created",
    });
    expect(retargeted.statusCode).toBe(400);
    expect(retargeted.json().fields).toEqual({ trigger: "NOT_ALLOWED" });
    const edited = await owner.put(`/api/admin/notification-rules/${first.cuid}`, {
      ...ruleBody({ trigger: "cart.processed", template_key: "cart-confirmation" }),
      name: "Confirmation",
      attachments: { ics: true, documents: false },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Confirmation", is_default: true });
    expect((await lastAuditOf(t.db, first.cuid))?.action).toBe("notification_rule.updated");
  });

  it("gives an organiser that signs up its default rule, in its language", async () => {
    const platform = new Client(t.app, "localhost");
    await platform.get("/api/signup/slug-availability?slug=x");
    const response = await platform.post("/api/signup", {
      organiser: {
        name: "Rules Academy",
        slug: "rules-academy",
        language: "en",
        currency: "EUR",
        timezone: "Europe/Brussels",
      },
      owner: {
        firstname: "Rita",
        lastname: "Rules",
        email: "rita@rules.test",
        password: "rules2026",
      },
      terms: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const organiserId = await organiserIdOf(t.db, "rules-academy");
    const rules = await t.db
      .select()
      .from(notificationRules)
      .where(eq(notificationRules.organiserId, organiserId));
    expect(rules).toEqual([
      expect.objectContaining({
        name: "Cart confirmation",
        isDefault: true,
        trigger: "cart.processed",
        recipientType: "CUSTOMER",
        templateKey: "cart-confirmation",
        active: true,
      }),
    ]);
  });

  it("creates, reads, updates and deletes a rule, with the audit log", async () => {
    const created = await createRule(owner, {
      delay: { amount: 24, unit: "hours" },
      delay_type: "BEFORE_AVAILABILITY",
      attachments: { ics: true },
      spam_avoidance_delay: 3600,
    });
    expect((await lastAuditOf(t.db, created.cuid))?.action).toBe("notification_rule.created");
    const read = await owner.get(`/api/admin/notification-rules/${created.cuid}`);
    expect(read.json()).toMatchObject({
      delay: { amount: 24, unit: "hours" },
      delay_type: "BEFORE_AVAILABILITY",
      attachments: { ics: true, documents: false },
      spam_avoidance_delay: 3600,
      is_default: false,
    });
    const updated = await owner.put(
      `/api/admin/notification-rules/${created.cuid}`,
      ruleBody({ name: "Renommée", active: false }),
    );
    expect(updated.json()).toMatchObject({ name: "Renommée", active: false });
    const removed = await owner.delete(`/api/admin/notification-rules/${created.cuid}`);
    expect(removed.statusCode).toBe(200);
    expect((await lastAuditOf(t.db, created.cuid))?.action).toBe("notification_rule.deleted");
    expect((await owner.get(`/api/admin/notification-rules/${created.cuid}`)).statusCode).toBe(404);
  });

  it("refuses bad input with field codes and changes nothing", async () => {
    const count = async () =>
      (await t.db.select().from(notificationRules).where(eq(notificationRules.organiserId, demoId)))
        .length;
    const before = await count();
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ trigger: "manual" }, { trigger: "INVALID_CHOICE" }],
      [
        { trigger: "membership.created", delay_type: "BEFORE_AVAILABILITY" },
        { delay_type: "NOT_FOR_TRIGGER" },
      ],
      [{ recipient_type: "ADDRESS" }, { recipient: "REQUIRED" }],
      [{ recipient: "office@example.org" }, { recipient: "NOT_ALLOWED" }],
      [{ recipient_type: "ADDRESS", recipient: "not an address" }, { recipient: "INVALID_EMAIL" }],
      [{ global: false }, { "requirements.activity_ids": "REQUIRED" }],
      [
        { requirements: { activity_ids: [999_999] }, global: false },
        { "requirements.activity_ids": "INVALID_CHOICE" },
      ],
      [
        { requirements: { participant_age_min: 12, participant_age_max: 6 } },
        { "requirements.participant_age_max": "TOO_SMALL" },
      ],
      [{ delay: { amount: -1, unit: "hours" } }, { "delay.amount": "TOO_SMALL" }],
      [{ delay: { amount: 1, unit: "fortnights" } }, { "delay.unit": "INVALID_CHOICE" }],
      [{ channels: [] }, { channels: "REQUIRED" }],
      [{ title: "" }, { title: "REQUIRED" }],
      [{ channels: ["SMS"] }, { sms_content: "REQUIRED" }],
      [{ template_key: "customer-password-reset" }, { template_key: "INVALID_CHOICE" }],
      [{ template_cuid: "nope" }, { template_cuid: "INVALID_CHOICE" }],
      [{ dependencies: ["nope"] }, { dependencies: "INVALID_CHOICE" }],
      [{ spam_avoidance_delay: "soon" }, { spam_avoidance_delay: "INVALID_TYPE" }],
    ];
    for (const [overrides, fields] of cases) {
      const response = await owner.post("/api/admin/notification-rules", ruleBody(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().fields, JSON.stringify(overrides)).toMatchObject(fields);
    }
    const badLiquid = await owner.post(
      "/api/admin/notification-rules",
      ruleBody({ content: "<p>{% if %}</p>" }),
    );
    expect(badLiquid.statusCode).toBe(400);
    expect(badLiquid.json()).toMatchObject({
      error: "TEMPLATE_INVALID",
      fields: { content: "TEMPLATE_INVALID" },
    });
    expect(await count()).toBe(before);
  });

  it("needs activities.notifications.read to read and .update to change", async () => {
    const reader = await collaboratorWith(t, ["activities.notifications.read"]);
    expect((await reader.client.get("/api/admin/notification-rules")).statusCode).toBe(200);
    expect((await reader.client.post("/api/admin/notification-rules", ruleBody())).statusCode).toBe(
      403,
    );
    const stranger = await collaboratorWith(t, ["activities.activities.read"]);
    expect((await stranger.client.get("/api/admin/notification-rules")).statusCode).toBe(403);
  });
});

describe("events reach the rules, which schedule and send", () => {
  it("sends right away after the trigger, once per event and recipient, with the rule's key", async () => {
    const rule = await soleRule();
    const { registration, who } = await registeredAndDelivered();
    const sent = await messagesOf(t, rule.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      source: "RULE",
      customerId: who.customerId,
      subject: expect.stringMatching(/^Bonjour Parent\d+$/),
    });
    expect(sent[0]!.idempotencyKey).toMatch(
      new RegExp(`^rule:${rule.cuid}:.+:customer:${who.customerId}$`),
    );
    expect(sent[0]!.text).toContain("Stage règles");
    expect(t.dispatchedEmails).toContain(sent[0]!.id);
    const [row] = await scheduledOf(t, rule.id);
    expect(row).toMatchObject({ status: "SENT" });
    expect(row!.eventPayload).toEqual({ registration_cuid: registration.cuid });
  });

  it("a reminder 24 h before the first date goes at that instant, with the dates' calendar", async () => {
    const rule = await soleRule({
      delay: { amount: 24, unit: "hours" },
      delay_type: "BEFORE_AVAILABILITY",
      attachments: { ics: true },
    });
    const { target } = await registeredAndDelivered({ startsInDays: 5, dates: 2 });
    const [row] = await scheduledOf(t, rule.id);
    const firstStart = target.dates[0]!.startAt;
    expect(row!.sendAt.getTime()).toBe(firstStart.getTime() - 24 * HOUR);
    const deps = rulesDeps(t, clock);
    await pollAt(t, deps, clock, new Date(row!.sendAt.getTime() - 1000));
    expect(await messagesOf(t, rule.id)).toHaveLength(0);
    await pollAt(t, deps, clock, row!.sendAt);
    const [sent] = await messagesOf(t, rule.id);
    expect(sent).toBeDefined();
    const [ics] = sent!.attachments;
    expect(ics).toMatchObject({
      filename: "dates.ics",
      contentType: expect.stringContaining("text/calendar"),
    });
    const calendar = Buffer.from(ics!.contentBase64, "base64").toString("utf8");
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(calendar).toContain(`UID:${target.dates[0]!.cuid}@booking`);
    expect(calendar).toContain(`DTSTART:${compactUtc(firstStart)}`);
  });

  it("delivers the reminder through SMTP with its plain-text part and calendar (MIME parsed)", async () => {
    const rule = await soleRule({ attachments: { ics: true } });
    const { target } = await registeredAndDelivered({ dates: 2 });
    const [queued] = await messagesOf(t, rule.id);
    const smtp = await startSmtpServer();
    try {
      await deliverMessage(
        t.db,
        { mail: createMailTransport(smtp.url, "Test <no-reply@example.org>"), sms: null },
        queued!.id,
      );
      const { parsed, to } = smtp.received[0]!;
      expect(to).toEqual([queued!.toAddress]);
      expect(parsed.subject).toBe(queued!.subject);
      expect(parsed.subject).toMatch(/^Bonjour Parent\d+$/);
      expect(parsed.text).toContain(target.activity.title);
      const calendar = parsed.attachments.find((file) => file.filename === "dates.ics");
      expect(calendar?.contentType).toBe("text/calendar");
      expect(calendar!.content.toString("utf8").match(/BEGIN:VEVENT/g)).toHaveLength(2);
    } finally {
      await smtp.close();
    }
  });

  it("a thank-you after the last date counts from its end", async () => {
    const rule = await soleRule({
      delay: { amount: 2, unit: "hours" },
      delay_type: "AFTER_AVAILABILITY",
    });
    const { target } = await registeredAndDelivered({ dates: 3 });
    const [row] = await scheduledOf(t, rule.id);
    expect(row!.sendAt.getTime()).toBe(target.dates[2]!.endAt.getTime() + 2 * HOUR);
  });

  it("moves with the dates when they move, and is dropped when the registration is cancelled", async () => {
    const rule = await soleRule({
      delay: { amount: 1, unit: "days" },
      delay_type: "BEFORE_AVAILABILITY",
    });
    const moved = await registeredAndDelivered({ startsInDays: 6 });
    const [row] = await scheduledOf(t, rule.id);
    const later = new Date(moved.target.dates[0]!.startAt.getTime() + 48 * HOUR);
    await t.db
      .update(availabilityDates)
      .set({ startAt: later, endAt: new Date(later.getTime() + 3 * HOUR) })
      .where(eq(availabilityDates.id, moved.target.dates[0]!.id));
    const deps = rulesDeps(t, clock);
    // Due at the old time: the sender sees the date moved and moves the message instead.
    await pollAt(t, deps, clock, row!.sendAt);
    expect(await messagesOf(t, rule.id)).toHaveLength(0);
    const [after] = await scheduledOf(t, rule.id);
    expect(after).toMatchObject({ status: "SCHEDULED" });
    expect(after!.sendAt.getTime()).toBe(later.getTime() - 24 * HOUR);

    const cancelled = await moved.who.client.post("/api/registrations/cancel", {
      registration_id: moved.registration.id,
      message: "Malade",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await pollAt(t, deps, clock, after!.sendAt);
    expect(await messagesOf(t, rule.id)).toHaveLength(0);
    const [dropped] = await scheduledOf(t, rule.id);
    expect(dropped).toMatchObject({ status: "CANCELLED", reason: "REGISTRATION_CANCELLED" });
  });

  it("moves at once when staff move the date in the console", async () => {
    const rule = await soleRule({
      delay: { amount: 1, unit: "days" },
      delay_type: "BEFORE_AVAILABILITY",
    });
    const { target } = await registeredAndDelivered({ startsInDays: 8 });
    const earlier = new Date(target.dates[0]!.startAt.getTime() - 72 * HOUR);
    const moved = await owner.put(
      `/api/admin/availabilities/${target.availability.cuid}/dates/${target.dates[0]!.cuid}`,
      {
        start_at: earlier.toISOString(),
        end_at: new Date(earlier.getTime() + 3 * HOUR).toISOString(),
        capacity: 10,
        status: "OPEN",
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const [row] = await scheduledOf(t, rule.id);
    expect(row!.sendAt.getTime()).toBe(earlier.getTime() - 24 * HOUR);
  });

  it("a reminder whose date has started by its time is skipped, not sent late", async () => {
    const rule = await soleRule({
      delay: { amount: 24, unit: "hours" },
      delay_type: "BEFORE_AVAILABILITY",
    });
    const { target } = await registeredAndDelivered({ startsInDays: 3 });
    await pollAt(
      t,
      rulesDeps(t, clock),
      clock,
      new Date(target.dates[0]!.startAt.getTime() + 1000),
    );
    const [row] = await scheduledOf(t, rule.id);
    expect(row).toMatchObject({ status: "SKIPPED", reason: "TOO_LATE" });
  });

  it("schedules no reminder whose instant had passed when the registration was made", async () => {
    const rule = await soleRule({
      delay: { amount: 24, unit: "hours" },
      delay_type: "BEFORE_AVAILABILITY",
    });
    await registeredAndDelivered({ startsInDays: 3 / 24 });
    expect(await scheduledOf(t, rule.id)).toHaveLength(0);
  });

  it("schedules only where the requirements hold, and checks payment when it sends", async () => {
    const other = await availability(t, demoId);
    const restricted = await soleRule({
      global: false,
      requirements: { activity_ids: [other.activity.id] },
    });
    await registeredAndDelivered();
    expect(await scheduledOf(t, restricted.id)).toHaveLength(0);

    const unpaid = await soleRule({
      delay: { amount: 1, unit: "hours" },
      requirements: { payment: "OUTSTANDING" },
    });
    const first = await registeredAndDelivered();
    const second = await registeredAndDelivered();
    await t.db
      .update(registrations)
      .set({ paidAmount: second.registration.totalAmount })
      .where(eq(registrations.id, second.registration.id));
    await pollAt(t, rulesDeps(t, clock), clock, new Date(Date.now() + 2 * HOUR));
    const rows = await scheduledOf(t, unpaid.id);
    expect(rows.map((row) => [row.customerId, row.status, row.reason])).toEqual([
      [first.who.customerId, "SENT", null],
      [second.who.customerId, "SKIPPED", "REQUIREMENTS"],
    ]);
  });

  it("schedules only for availabilities filed under one of the rule's categories", async () => {
    const [category] = await t.db
      .select()
      .from(categories)
      .where(eq(categories.organiserId, demoId))
      .limit(1);
    const rule = await soleRule({ requirements: { category_ids: [category!.id] } });
    const outside = await registeredAndDelivered();
    const filed = await availability(t, demoId);
    await t.db.insert(availabilityCategories).values({
      organiserId: demoId,
      availabilityId: filed.availability.id,
      categoryId: category!.id,
    });
    const who = await customer(t, demoId);
    const before = await lastEventId(t);
    await register(t, who, filed);
    clock.now = new Date();
    await deliverEvents(t, before, rulesDeps(t, clock));
    const rows = await scheduledOf(t, rule.id);
    expect(rows.map((row) => row.customerId)).toEqual([who.customerId]);
    expect(rows.map((row) => row.customerId)).not.toContain(outside.who.customerId);
  });

  it("matches the participant's age range", async () => {
    const rule = await soleRule({
      requirements: { participant_age_min: 6, participant_age_max: 12 },
    });
    const young = await customer(t, demoId);
    await t.db
      .update(participants)
      .set({ birthdate: "2023-01-01" })
      .where(eq(participants.id, young.participantId));
    const child = await customer(t, demoId);
    const tenYearsAgo = new Date(Date.now() - 10 * 365.25 * 24 * HOUR).toISOString().slice(0, 10);
    await t.db
      .update(participants)
      .set({ birthdate: tenYearsAgo })
      .where(eq(participants.id, child.participantId));
    await registeredAndDelivered({}, young);
    await registeredAndDelivered({}, child);
    const rows = await scheduledOf(t, rule.id);
    expect(rows.map((row) => row.customerId)).toEqual([child.customerId]);
  });

  it("writes no second message of a rule to a recipient within its spam-avoidance delay", async () => {
    const rule = await soleRule({ spam_avoidance_delay: 3600 });
    const who = await customer(t, demoId);
    await registeredAndDelivered({}, who);
    await registeredAndDelivered({}, who);
    const rows = await scheduledOf(t, rule.id);
    expect(rows.map((row) => [row.status, row.reason])).toEqual([
      ["SENT", null],
      ["SKIPPED", "SPAM_AVOIDANCE"],
    ]);
    expect(await messagesOf(t, rule.id)).toHaveLength(1);
  });

  it("writes to a fixed address, and only after the rules it depends on wrote to the recipient", async () => {
    const first = await createRule(owner, {
      recipient_type: "ADDRESS",
      recipient: "office@example.org",
    });
    const second = await createRule(owner, {
      recipient_type: "ADDRESS",
      recipient: "office@example.org",
      dependencies: [first.cuid],
      delay: { amount: 1, unit: "minutes" },
    });
    await onlyRule(t, demoId, second.id);
    await registeredAndDelivered();
    await pollAt(t, rulesDeps(t, clock), clock, new Date(Date.now() + 2 * 60_000));
    expect((await scheduledOf(t, second.id))[0]).toMatchObject({
      status: "SKIPPED",
      reason: "DEPENDENCY",
    });

    await t.db
      .update(notificationRules)
      .set({ active: true })
      .where(eq(notificationRules.id, first.id));
    await registeredAndDelivered();
    await pollAt(t, rulesDeps(t, clock), clock, new Date(Date.now() + 2 * 60_000));
    const [sent] = await messagesOf(t, first.id);
    expect(sent).toMatchObject({ toAddress: "office@example.org", customerId: null });
    expect((await scheduledOf(t, second.id))[1]).toMatchObject({ status: "SENT" });
  });

  it("counts back from a membership's expiry", async () => {
    const rule = await soleRule({
      trigger: "membership.created",
      delay: { amount: 30, unit: "days" },
      delay_type: "BEFORE_EXPIRATION",
      title: "Votre adhésion expire bientôt",
      content: "<p>{{ customer.firstname }}, pensez à renouveler.</p>",
    });
    const who = await customer(t, demoId);
    const [membership] = await t.db
      .execute<{ id: number }>(
        sql`select id from memberships where organiser_id = ${demoId} limit 1`,
      )
      .then((result) => result.rows);
    const added = await who.client.post("/api/carts/items", {
      memberships: [{ membership_id: membership!.id, participant_id: who.participantId }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const before = await lastEventId(t);
    const done = await who.client.post("/api/carts/checkout", {
      cart_id: added.json().cart.id,
      payment_strategy: "DELAYED",
      terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    await deliverEvents(t, before, rulesDeps(t, clock));
    const [row] = await scheduledOf(t, rule.id);
    const [owned] = await t.db
      .execute<{ end_at: string }>(
        sql`select end_at from customer_memberships where customer_id = ${who.customerId}`,
      )
      .then((result) => result.rows);
    expect(row!.sendAt.getTime()).toBeLessThan(new Date(owned!.end_at).getTime());
    expect(new Date(owned!.end_at).getTime() - row!.sendAt.getTime()).toBeGreaterThanOrEqual(
      29 * 24 * HOUR,
    );
  });

  it("schedules once per recipient when the same event is handled by racing consumers", async () => {
    const rule = await soleRule({ delay: { amount: 5, unit: "minutes" } });
    const target = await availability(t, demoId);
    const who = await customer(t, demoId);
    const before = await lastEventId(t);
    await register(t, who, target);
    const list = await eventsSince(t, before);
    const deps = rulesDeps(t, clock);
    clock.now = new Date();
    await Promise.all(
      Array.from({ length: 6 }, () =>
        Promise.all(list.map((event) => notificationRulesHandler(t.db, event, deps))),
      ),
    );
    expect(await scheduledOf(t, rule.id)).toHaveLength(1);
    clock.now = new Date(Date.now() + 10 * 60_000);
    await Promise.all(Array.from({ length: 4 }, () => pollAt(t, deps, clock, clock.now)));
    expect(await messagesOf(t, rule.id)).toHaveLength(1);
  });

  it("turned off, a rule drops its pending messages when their time comes", async () => {
    const rule = await soleRule({ delay: { amount: 1, unit: "hours" } });
    await registeredAndDelivered();
    await t.db
      .update(notificationRules)
      .set({ active: false })
      .where(eq(notificationRules.id, rule.id));
    await pollAt(t, rulesDeps(t, clock), clock, new Date(Date.now() + 2 * HOUR));
    expect((await scheduledOf(t, rule.id))[0]).toMatchObject({
      status: "CANCELLED",
      reason: "RULE_INACTIVE",
    });
  });

  it("an edited delay moves the rule's pending messages", async () => {
    const rule = await soleRule({ delay: { amount: 1, unit: "hours" } });
    await registeredAndDelivered();
    const [row] = await scheduledOf(t, rule.id);
    const edited = await owner.put(
      `/api/admin/notification-rules/${rule.cuid}`,
      ruleBody({ delay: { amount: 3, unit: "hours" } }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const [moved] = await scheduledOf(t, rule.id);
    expect(moved!.sendAt.getTime() - row!.sendAt.getTime()).toBe(2 * HOUR);
  });
});

describe("through the queue", () => {
  it("the relay publishes a checkout's events and the events consumer sends the rule's message", async () => {
    const rule = await soleRule();
    const queue = await startJobQueue(databaseUrl, pino({ level: "silent" }));
    try {
      await startEventsConsumer(
        queue,
        t.db,
        { urls: t.app.publicUrls, dispatchEmail: async () => {}, now: () => new Date() },
        pino({ level: "silent" }),
      );
      // The earlier tests' events were handed to the consumer directly: not published again.
      await t.db.update(events).set({ publishedAt: new Date() }).where(isNull(events.publishedAt));
      const target = await availability(t, demoId);
      const who = await customer(t, demoId);
      await register(t, who, target);
      while ((await relayEvents(t.db, queue)) > 0);
      await expect
        .poll(async () => (await messagesOf(t, rule.id)).map((message) => message.customerId), {
          timeout: 20_000,
        })
        .toEqual([who.customerId]);
    } finally {
      await queue.stop();
    }
  }, 30_000);
});

describe("the default rule", () => {
  async function defaultRule() {
    const [rule] = await t.db
      .select()
      .from(notificationRules)
      .where(and(eq(notificationRules.organiserId, demoId), eq(notificationRules.isDefault, true)));
    return rule!;
  }

  async function mailsOf(customerId: number) {
    const [address] = await t.db
      .execute<{ email: string }>(sql`select email from customers where id = ${customerId}`)
      .then((result) => result.rows);
    return t.db.select().from(messages).where(eq(messages.toAddress, address!.email));
  }

  it("sends the cart confirmation once, right after cart.processed, with its switches", async () => {
    const rule = await defaultRule();
    await onlyRule(t, demoId, rule.id);
    await t.db
      .update(notificationRules)
      .set({ attachments: { ics: true, documents: false } })
      .where(eq(notificationRules.id, rule.id));
    const target = await availability(t, demoId, { dates: 2 });
    const who = await customer(t, demoId);
    const before = await lastEventId(t);
    const { cart } = await register(t, who, target);
    // Nothing is written by the checkout itself: the rule sends it when the event is handled.
    expect(await mailsOf(who.customerId)).toHaveLength(0);
    clock.now = new Date();
    await deliverEvents(t, before, rulesDeps(t, clock));
    // The queue delivers an event at least once: a second delivery sends nothing more.
    await deliverEvents(t, before, rulesDeps(t, clock));
    const mails = await mailsOf(who.customerId);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      source: "RULE",
      ruleId: rule.id,
      customerId: who.customerId,
      subject: expect.stringContaining(`Confirmation de votre commande ${cart.reference}`),
    });
    expect(mails[0]!.idempotencyKey).toMatch(
      new RegExp(`^rule:${rule.cuid}:[^:]+:customer:${who.customerId}$`),
    );
    expect(mails[0]!.text).toContain("Stage règles");
    expect(mails[0]!.text).toContain(`/account/carts/${cart.cuid}`);
    expect(mails[0]!.attachments.map((attachment) => attachment.filename)).toEqual(["dates.ics"]);
    expect(t.dispatchedEmails).toContain(mails[0]!.id);
  });

  it("turned off, sends no confirmation; it still cannot be deleted", async () => {
    const rule = await defaultRule();
    await onlyRule(t, demoId, -1);
    const { who } = await registeredAndDelivered();
    expect(await mailsOf(who.customerId)).toHaveLength(0);
    expect(await scheduledOf(t, rule.id)).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ customerId: who.customerId })]),
    );
    const refused = await owner.delete(`/api/admin/notification-rules/${rule.cuid}`);
    expect(refused.json().error).toBe("NOTIFICATION_RULE_IS_DEFAULT");
  });
});

describe("every trigger that exists reaches the rules", () => {
  it("cart.processed, registration.created, cancellation, transfer, waiting-list vacancy", async () => {
    const triggers = [
      "cart.processed",
      "registration.created",
      "registration.cancellation.created",
      "waiting-list.vacancy",
    ] as const;
    const rules = new Map<string, number>();
    for (const trigger of triggers) {
      const rule = await createRule(owner, {
        trigger,
        title: `Événement ${trigger}`,
        content: "<p>{{ organiser.name }}</p>",
      });
      rules.set(trigger, rule.id);
    }
    await t.db
      .update(notificationRules)
      .set({ active: false })
      .where(and(eq(notificationRules.organiserId, demoId), eq(notificationRules.isDefault, true)));
    const target = await availability(t, demoId, { capacity: 1 });
    const who = await customer(t, demoId);
    const waiting = await customer(t, demoId);
    const deps = rulesDeps(t, clock);
    let before = await lastEventId(t);
    const { registration } = await register(t, who, target);
    clock.now = new Date();
    const delivered = await deliverEvents(t, before, deps);
    await t.db.insert(waitingListEntries).values({
      organiserId: demoId,
      availabilityId: target.availability.id,
      participantId: waiting.participantId,
      customerId: waiting.customerId,
    });
    before = await lastEventId(t);
    const cancelled = await who.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Empêché",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    clock.now = new Date();
    delivered.push(...(await deliverEvents(t, before, deps)));
    expect(delivered.map((event) => event.type)).toEqual([
      "cart.processed",
      "registration.created",
      "registration.cancellation.created",
      "waiting-list.vacancy",
    ]);
    for (const trigger of triggers) {
      const sent = await messagesOf(t, rules.get(trigger)!);
      const expected = trigger === "waiting-list.vacancy" ? waiting.customerId : who.customerId;
      expect(
        sent.map((message) => message.customerId),
        trigger,
      ).toEqual([expected]);
    }
    const [scheduled] = await t.db
      .select()
      .from(scheduledNotifications)
      .where(eq(scheduledNotifications.ruleId, rules.get("registration.created")!));
    expect(scheduled!.status).toBe("SENT");
  });
});

/** 20261027T080000Z, as ICS writes UTC instants (to the minute). */
function compactUtc(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace(/[-:]/g, "")}00Z`;
}
