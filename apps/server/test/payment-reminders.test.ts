import { auditLogs, carts, messages, organisers, paymentReminders, withTenant } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { addDaysToDay, zonedInstant } from "@booking/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { organiserEmail, templateCustomer } from "../src/modules/notifications/system-mail.ts";
import { sendDueReminders } from "../src/modules/reminders/send.ts";
import { availabilityWithDates, registrationBody, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import {
  type Client,
  createTestApp,
  DEMO_HOST,
  runNotificationJobs,
  type TestApp,
} from "./harness.ts";
import { decodeQr } from "./qr-decode.ts";
import { startSmtpServer } from "./smtp-fixtures.ts";

// Payment reminders (issue 16 §2; docs/decisions/0077-payment-reminders.md), with a clock the
// tests move: the schedule's steps counted from the due day, each sent once under reruns and
// races, none once paid, by hand from the outstanding list, and the items marked overdue.

let t: TestApp;
let demoId: number;
let owner: Client;
let customerCount = 0;
let availability: { availabilityId: number; dateId: number };
const log = pino({ level: "silent" });
const ZONE = "Europe/Brussels";

beforeAll(async () => {
  t = await createTestApp();
  const [demo] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  demoId = demo!.id;
  await t.db
    .update(organisers)
    .set({ legalName: "Demo ASBL", iban: "BE68539007547034", bic: "GKCCBEBB" })
    .where(eq(organisers.id, demoId));
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  const { availability: row, dates } = await availabilityWithDates(t, {
    organiserId: demoId,
    title: "Stage des rappels",
    capacity: 100,
    price: 12_000,
    deposit: 0,
    startsInDays: 90,
    dateHours: 3,
    dates: [{ capacity: 100 }],
  });
  availability = { availabilityId: row.id, dateId: dates[0]!.id };
});
afterAll(async () => {
  await t.close();
});

/** A customer with a processed order paid by transfer later (DELAYED): its cuid and e-mail. */
async function owingOrder() {
  customerCount += 1;
  const email = `reminded-${customerCount}@example.org`;
  const who = await sessionCustomer(t, {
    organiserId: demoId,
    host: DEMO_HOST,
    customer: { firstname: "Rappel", lastname: `Client${customerCount}`, email },
    participant: { firstname: "Enfant", lastname: `Client${customerCount}` },
  });
  const added = await who.client.post(
    "/api/carts/items",
    registrationBody(availability.availabilityId, who.participantId, [availability.dateId]),
  );
  expect(added.statusCode, added.body).toBe(201);
  const cartId = added.json().cart.id as number;
  const done = await who.client.post("/api/carts/checkout", {
    cart_id: cartId,
    payment_strategy: "DELAYED",
    terms: true,
  });
  expect(done.statusCode, done.body).toBe(200);
  await runNotificationJobs(t);
  const [cart] = await t.db.select({ cuid: carts.cuid }).from(carts).where(eq(carts.id, cartId));
  return { cuid: cart!.cuid, email };
}

const historyOf = async (cuid: string) => {
  const response = await owner.get(`/api/admin/outstanding/CART/${cuid}/reminders`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** 09:00 in Brussels, `days` after the due day. */
const dayAfterDue = (dueOn: string, days: number) =>
  zonedInstant(addDaysToDay(dueOn, days), { hour: 9, minute: 0 }, ZONE);

const remindersOf = (cuid: string) => historyOf(cuid).then((history) => history.data);

async function setSchedule(body: Record<string, unknown>) {
  const response = await owner.put("/api/admin/payment-reminders/settings", body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe("the reminder schedule", () => {
  it("is off by default, saves a change (audited) and refuses bad input, changing nothing", async () => {
    const read = await owner.get("/api/admin/payment-reminders/settings");
    expect(read.json()).toEqual({ enabled: false, offsets_days: [7, 21], overdue_after_days: 30 });
    for (const bad of [
      { enabled: true, offsets_days: [7, 7], overdue_after_days: 30 },
      { enabled: true, offsets_days: [0], overdue_after_days: null },
      { enabled: true, offsets_days: [7, 21], overdue_after_days: 10 },
      { enabled: "yes", offsets_days: [7], overdue_after_days: null },
      { enabled: true, offsets_days: [1, 2, 3, 4, 5, 6, 7], overdue_after_days: null },
    ]) {
      const refused = await owner.put("/api/admin/payment-reminders/settings", bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await owner.get("/api/admin/payment-reminders/settings")).json().enabled).toBe(false);
    const saved = await setSchedule({
      enabled: true,
      offsets_days: [7, 21],
      overdue_after_days: 30,
    });
    expect(saved).toEqual({ enabled: true, offsets_days: [7, 21], overdue_after_days: 30 });
    const [audit] = await t.db
      .select()
      .from(auditLogs)
      .where(
        and(
          eq(auditLogs.organiserId, demoId),
          eq(auditLogs.action, "payment-reminders.schedule.updated"),
        ),
      );
    expect(audit).toBeDefined();
  });
});

describe("scheduled reminders", () => {
  it("sends each step on its day once, then marks the order overdue", async () => {
    await setSchedule({ enabled: true, offsets_days: [7, 21], overdue_after_days: 30 });
    const order = await owingOrder();
    const { due_on: dueOn, amount_due: amountDue } = await historyOf(order.cuid);
    expect(dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(amountDue).toBe(12_000);

    await sendDueReminders(t.db, dayAfterDue(dueOn, 6), log);
    expect(await remindersOf(order.cuid)).toEqual([]);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 7), log);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 8), log);
    await runNotificationJobs(t, dayAfterDue(dueOn, 8));
    const first = await remindersOf(order.cuid);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      step: 1,
      by_hand: false,
      recipient: order.email,
      amount_due: 12_000,
      due_on: dueOn,
      message: { status: "QUEUED" },
    });
    const [mail] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.toAddress, order.email))
      .then((rows) => rows.filter((row) => row.subject?.startsWith("Rappel de paiement")));
    expect(mail!.subject).toMatch(/120\s€/);
    expect(mail!.text).toMatch(/il y a 8 jours/);
    expect(mail!.html).toContain(`/account/carts/${order.cuid}`);

    // Workers down from day 8 to day 25: one reminder, the latest step, not the missed ones.
    await sendDueReminders(t.db, dayAfterDue(dueOn, 25), log);
    expect((await remindersOf(order.cuid)).map((r: { step: number }) => r.step)).toEqual([1, 2]);
    expect((await historyOf(order.cuid)).overdue_marked_at).toBeNull();
    await sendDueReminders(t.db, dayAfterDue(dueOn, 30), log);
    expect((await historyOf(order.cuid)).overdue_marked_at).not.toBeNull();
    expect(await remindersOf(order.cuid)).toHaveLength(2);

    // The outstanding list says it beside every item it lists.
    const listed = await owner.get("/api/admin/outstanding?type=CART&page_size=100");
    expect(listed.statusCode, listed.body).toBe(200);
    const items = listed.json().data as Array<{ cuid: string; reminders: unknown }>;
    expect(items.length).toBeGreaterThan(1);
    expect(items.find((item) => item.cuid === order.cuid)?.reminders).toEqual({
      due_on: dueOn,
      days_overdue: expect.any(Number),
      sent: 2,
      last_sent_at: expect.any(String),
      overdue: true,
    });
  });

  it("sends nothing more once the order is paid", async () => {
    const order = await owingOrder();
    const { due_on: dueOn } = await historyOf(order.cuid);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 7), log);
    expect(await remindersOf(order.cuid)).toHaveLength(1);
    const paid = await owner.post(`/api/admin/carts/${order.cuid}/bank-transfers`, {
      amount: 12_000,
      received_on: addDaysToDay(dueOn, 8),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 21), log);
    const history = await historyOf(order.cuid);
    expect(history.data).toHaveLength(1);
    expect(history.due_on).toBeNull();
    // Nor by hand.
    const byHand = await owner.post(`/api/admin/outstanding/CART/${order.cuid}/reminders`);
    expect(byHand.json()).toEqual({ error: "OWED_ITEM_NOT_FOUND" });
  });

  it("paid between the reminder and its e-mail: no e-mail goes", async () => {
    const order = await owingOrder();
    const { due_on: dueOn } = await historyOf(order.cuid);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 7), log);
    await owner.post(`/api/admin/carts/${order.cuid}/bank-transfers`, {
      amount: 12_000,
      received_on: dueOn,
    });
    await runNotificationJobs(t);
    const [reminder] = await remindersOf(order.cuid);
    expect(reminder).toMatchObject({ step: 1, message: null, recipient: null });
  });

  it("sends each step once when runs race", async () => {
    const orders = await Promise.all([owingOrder(), owingOrder(), owingOrder()]);
    const { due_on: dueOn } = await historyOf(orders[0]!.cuid);
    const at = dayAfterDue(dueOn, 7);
    await Promise.all(Array.from({ length: 6 }, () => sendDueReminders(t.db, at, log)));
    await Promise.all(Array.from({ length: 3 }, () => runNotificationJobs(t, at)));
    for (const order of orders) {
      const reminders = await remindersOf(order.cuid);
      expect(reminders.map((r: { step: number }) => r.step)).toEqual([1]);
      const mails = (
        await t.db.select().from(messages).where(eq(messages.toAddress, order.email))
      ).filter((row) => row.subject?.startsWith("Rappel de paiement"));
      expect(mails).toHaveLength(1);
    }
  });
});

describe("a reminder by hand", () => {
  it("sends the next step (audited) once however many clicks, and the schedule goes on after it", async () => {
    const order = await owingOrder();
    const url = `/api/admin/outstanding/CART/${order.cuid}/reminders`;
    const clicks = await Promise.all(Array.from({ length: 5 }, () => owner.post(url)));
    const codes = clicks.map((click) => click.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    for (const refused of clicks.filter((click) => click.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: "PAYMENT_REMINDER_TOO_SOON" });
    }
    const sent = clicks.find((click) => click.statusCode === 200)!.json();
    expect(sent.data).toEqual([
      expect.objectContaining({ step: 1, by_hand: true, sent_by: expect.any(String) }),
    ]);
    await runNotificationJobs(t);
    expect((await remindersOf(order.cuid))[0].message).not.toBeNull();
    const [audit] = await withTenant(t.db, demoId, (tx) =>
      tx
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.organiserId, demoId), eq(auditLogs.entityId, sent.data[0].cuid))),
    );
    expect(audit?.action).toBe("payment-reminder.sent");
    // The schedule's first step (day 7) counts the one by hand: its second goes on day 21.
    const { due_on: dueOn } = await historyOf(order.cuid);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 7), log);
    expect(await remindersOf(order.cuid)).toHaveLength(1);
    await sendDueReminders(t.db, dayAfterDue(dueOn, 21), log);
    expect((await remindersOf(order.cuid)).map((r: { step: number }) => r.step)).toEqual([1, 2]);
  });

  it("answers 404 for an unknown item and 400 for an unknown kind, writing nothing", async () => {
    const before = await t.db.select().from(paymentReminders);
    const unknown = await owner.post("/api/admin/outstanding/CART/nope/reminders");
    expect(unknown.statusCode).toBe(404);
    const kind = await owner.post("/api/admin/outstanding/INVOICE/nope/reminders");
    expect(kind.statusCode).toBe(400);
    expect(await t.db.select().from(paymentReminders)).toHaveLength(before.length);
  });

  it("needs notifications.trigger to send and payments.payments.read to read", async () => {
    const order = await owingOrder();
    const reader = await collaboratorWith(t, ["payments.payments.read"]);
    const url = `/api/admin/outstanding/CART/${order.cuid}/reminders`;
    expect((await reader.client.get(url)).statusCode).toBe(200);
    expect((await reader.client.post(url)).statusCode).toBe(403);
  });
});

describe("the reminder e-mail", () => {
  it("reads in a mail client with the amount, the reference, the EPC QR code and the account link", async () => {
    const order = await owingOrder();
    await owner.post(`/api/admin/outstanding/CART/${order.cuid}/reminders`);
    await runNotificationJobs(t);
    const [reminder] = await remindersOf(order.cuid);
    const [row] = await t.db
      .select()
      .from(messages)
      .where(eq(messages.cuid, reminder.message.cuid));
    const smtp = await startSmtpServer();
    try {
      const mail = createMailTransport(smtp.url, "club@example.org")!;
      await deliverMessage(t.db, { mail, sms: null }, row!.id);
      const [received] = smtp.received;
      const { parsed } = received!;
      expect(parsed.subject).toMatch(/^Rappel de paiement : 120\s€ – /);
      const html = String(parsed.html);
      const text = parsed.text ?? "";
      for (const body of [html, text]) {
        expect(body).toMatch(/120\s€/);
        expect(body).toContain("BE68539007547034");
        expect(body).toContain(`/account/carts/${order.cuid}`);
      }
      const reference = /\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/.exec(text)?.[0];
      expect(reference).toBeDefined();
      const [qr] = parsed.attachments;
      expect(qr?.contentType).toBe("image/png");
      expect(received!.raw).toMatch(/src=3D"cid:|src="cid:/);
      expect(received!.raw).not.toContain("data:image/png");
      const payload = decodeQr(`data:image/png;base64,${qr!.content.toString("base64")}`);
      expect(payload).toContain("BE68539007547034");
      expect(payload).toContain("EUR120.00");
      expect(payload).toContain(reference);
    } finally {
      await smtp.close();
    }
  });

  it("is written in English for an English organiser", async () => {
    const [organiser] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo-en"));
    const email = await withTenant(t.db, organiser!.id, (tx) =>
      organiserEmail(tx, organiser!, t.app.publicUrls, "payment-reminder", {
        customer: templateCustomer({ firstname: "Sam", lastname: "Lee", email: "sam@example.org" }),
        reminder: {
          step: 2,
          amount_due: "£45.00",
          amount_due_minor: 4_500,
          due_on: "1 December 2026",
          days_overdue: 21,
          label: "Tennis court 1",
          invoice_number: "F2026-0012",
          url: "https://demo-en.example/account/bookings/abc",
          bank_transfer: null,
        },
      }),
    );
    expect(email.subject).toMatch(/^Payment reminder: £45\.00 – /);
    expect(email.text).toContain(
      "we have not yet received the payment of £45.00 for Tennis court 1",
    );
    expect(email.text).toContain("It was due on 1 December 2026, 21 days ago.");
    expect(email.text).toContain("Invoice no. F2026-0012");
    expect(email.html).toContain("https://demo-en.example/account/bookings/abc");
  });
});
