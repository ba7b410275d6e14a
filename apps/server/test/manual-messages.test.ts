import { customers, events, manualMessages, messages, participants } from "@booking/db";
import { and, asc, eq, sql } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listSmsOutbox } from "../src/modules/sms/outbox.ts";
import { availabilityWithDates, organiserIdOf, sessionCustomer } from "./cart-fixtures.ts";
import { collaboratorWith, consoleLogin, DEMO_OWNER_EMAIL } from "./console-fixtures.ts";
import { type Client, createTestApp, DEMO_EN_HOST, DEMO_HOST, type TestApp } from "./harness.ts";

// Messages written by hand (issue 14 item 5; docs/decisions/0054-messages-by-hand.md).

let t: TestApp;
let owner: Client;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t, "demo");
  otherId = await organiserIdOf(t, "demo-en");
});
afterAll(() => t.close());

let sequence = 0;
const HOUR = 3600 * 1000;

/** A family of `organiserId` with its children (the first from sessionCustomer). */
async function family(
  options: { phone?: string; children?: number; organiserId?: number; lastname?: string } = {},
) {
  sequence += 1;
  const organiserId = options.organiserId ?? demoId;
  const lastname = options.lastname ?? `Famille${sequence}`;
  const made = await sessionCustomer(t, {
    organiserId,
    host: organiserId === demoId ? DEMO_HOST : DEMO_EN_HOST,
    customer: {
      firstname: `Parent${sequence}`,
      lastname,
      email: `manual-${sequence}-${Date.now()}@example.org`,
    },
    participant: { firstname: `Enfant${sequence}`, lastname },
  });
  if (options.phone !== undefined) {
    await t.db
      .update(customers)
      .set({ phone: options.phone })
      .where(eq(customers.id, made.customerId));
  }
  const children = [made.participantId];
  for (let index = 1; index < (options.children ?? 1); index++) {
    const [child] = await t.db
      .insert(participants)
      .values({
        organiserId,
        customerId: made.customerId,
        firstname: `Cadet${sequence}-${index}`,
        lastname,
      })
      .returning({ id: participants.id });
    children.push(child!.id);
  }
  const cuidOf = async (table: "customers" | "participants", id: number) =>
    (
      await t.db.execute<{ cuid: string }>(
        sql`select cuid from ${sql.identifier(table)} where id = ${id}`,
      )
    ).rows[0]!.cuid;
  return {
    customerId: made.customerId,
    cuid: await cuidOf("customers", made.customerId),
    email: (await t.db.select().from(customers).where(eq(customers.id, made.customerId)))[0]!.email,
    children: await Promise.all(children.map((id) => cuidOf("participants", id))),
  };
}

type Family = Awaited<ReturnType<typeof family>>;

async function camp(dates = 2, organiserId = demoId) {
  sequence += 1;
  return availabilityWithDates(t, {
    organiserId,
    title: `Stage message ${sequence}`,
    capacity: 20,
    price: 10_000,
    deposit: 0,
    dateHours: 3,
    dates: Array.from({ length: dates }, () => ({ capacity: 20 })),
  });
}

type Camp = Awaited<ReturnType<typeof camp>>;

/** A registration by hand of `child` on `dates` (all by default); returns its cuid. */
async function register(who: Family, child: string, target: Camp, dates = target.dates) {
  const response = await owner.post("/api/admin/registrations", {
    customer: who.cuid,
    participant: child,
    availability: target.availability.cuid,
    availability_dates: dates.map((date) => ({ date_id: date.id })),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().registration.cuid as string;
}

const emailOnly = { email: true, sms: false, subject: "Samedi annulé", content: "<p>Bonjour</p>" };

function send(client: Client, body: Record<string, unknown>) {
  return client.post("/api/admin/notifications/manual", {
    request_key: `key-${Date.now()}-${Math.random()}`,
    ...emailOnly,
    ...body,
  });
}

async function copiesOf(manualCuid: string) {
  const [row] = await t.db
    .select({ id: manualMessages.id })
    .from(manualMessages)
    .where(eq(manualMessages.cuid, manualCuid));
  return t.db
    .select()
    .from(messages)
    .where(eq(messages.manualMessageId, row!.id))
    .orderBy(asc(messages.id));
}

/** GET …/recipients of a target, given as the composer's query parameters. */
function recipients(client: Client, target: Record<string, string>) {
  return client.get(`/api/admin/notifications/manual/recipients?${new URLSearchParams(target)}`);
}

const manualCount = async () =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(manualMessages))[0]!.n;

describe("demo", () => {
  it("holds a message the owner sent by hand to an availability's families", async () => {
    const list = await owner.get("/api/admin/notifications/manual?page_size=100");
    const demo = list
      .json()
      .data.find((row: { subject: string }) => row.subject === "Pensez au maillot de bain");
    expect(demo).toMatchObject({ status: "SENT", target: { type: "AVAILABILITY" } });
    // Its e-mails and its SMS (kept in the outbox counts as gone: no provider in development).
    expect(demo.delivery).toEqual({
      sent: demo.recipients_count + demo.sms_count,
      waiting: 0,
      failed: 0,
    });
    expect(demo.recipients_count).toBeGreaterThanOrEqual(1);
    expect(demo.email_count).toBe(demo.recipients_count);
    const copies = await copiesOf(demo.cuid);
    const emails = copies.filter((copy) => copy.channel === "EMAIL");
    expect(emails.map((copy) => [copy.source, copy.status])).toEqual(
      Array.from({ length: demo.recipients_count }, () => ["MANUAL", "SENT"]),
    );
    // Its SMS to the families' mobiles, kept in the development outbox (no SMS provider).
    const sms = copies.filter((copy) => copy.channel === "SMS");
    expect(sms.length).toBe(demo.sms_count);
    expect(sms.length).toBeGreaterThanOrEqual(1);
    const outbox = await listSmsOutbox(t.db);
    for (const copy of sms) {
      expect(copy.toAddress).toMatch(/^\+\d{8,15}$/);
      expect(outbox.find((kept) => kept.cuid === copy.cuid)?.body).toBe(
        "Samedi, séance à la piscine : pensez au maillot et à une serviette. Les Petits Explorateurs",
      );
    }
  });
});

describe("recipients", () => {
  let target: Camp;
  let twoChildren: Family;
  let oneChild: Family;
  let cancelled: Family;

  beforeAll(async () => {
    target = await camp();
    twoChildren = await family({ children: 2 });
    oneChild = await family({ phone: "" });
    cancelled = await family();
    await register(twoChildren, twoChildren.children[0]!, target);
    await register(twoChildren, twoChildren.children[1]!, target);
    await register(oneChild, oneChild.children[0]!, target, [target.dates[1]!]);
    const gone = await register(cancelled, cancelled.children[0]!, target);
    const cancel = await owner.post(`/api/admin/registrations/${gone}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBeLessThan(300);
  });

  it("lists an availability's families once each, with their children, and who an SMS reaches", async () => {
    const response = await recipients(owner, {
      type: "AVAILABILITY",
      availability: target.availability.cuid,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.count).toBe(2);
    expect(body.data.map((r: { cuid: string }) => r.cuid).sort()).toEqual(
      [twoChildren.cuid, oneChild.cuid].sort(),
    );
    const family2 = body.data.find((r: { cuid: string }) => r.cuid === twoChildren.cuid);
    expect(family2.participants).toHaveLength(2);
    expect(family2.sms_phone).toMatch(/^\+32\d+$/);
    expect(body.sms_count).toBe(1);
    expect(body.target).toMatchObject({
      type: "AVAILABILITY",
      label: target.activity.title,
      availability_cuid: target.availability.cuid,
    });
  });

  it("narrows to the families registered on one date", async () => {
    const response = await recipients(owner, {
      type: "AVAILABILITY_DATE",
      availability: target.availability.cuid,
      date: target.dates[0]!.cuid,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((r: { cuid: string }) => r.cuid)).toEqual([twoChildren.cuid]);
  });

  it("takes the registrations list's filters, never its cancelled registrations", async () => {
    const filtered = await recipients(owner, {
      type: "REGISTRATIONS",
      availability: target.availability.cuid,
      q: oneChild.email,
    });
    expect(filtered.statusCode, filtered.body).toBe(200);
    expect(filtered.json().data.map((r: { cuid: string }) => r.cuid)).toEqual([oneChild.cuid]);
    const cancelledOnly = await recipients(owner, { type: "REGISTRATIONS", q: cancelled.email });
    expect(cancelledOnly.json().count).toBe(0);
  });

  it("writes to one customer", async () => {
    const response = await recipients(owner, { type: "CUSTOMER", customer: cancelled.cuid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      count: 1,
      data: [{ cuid: cancelled.cuid }],
      target: { type: "CUSTOMER", customer_cuid: cancelled.cuid },
    });
  });

  it("previews the message on a real family, its variables filled in", async () => {
    const response = await owner.post("/api/admin/notifications/manual/preview", {
      target: { type: "AVAILABILITY", availability: target.availability.cuid },
      email: true,
      sms: true,
      subject: "Pour {{ customer.firstname }}",
      content: "<p>Bonjour {{ customer.fullname }}</p>",
      sms_body: "Bonjour {{ customer.firstname }}",
      recipient: twoChildren.cuid,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const firstname = body.recipient.fullname.split(" ")[0];
    expect(body.email.subject).toBe(`Pour ${firstname}`);
    expect(body.email.html).toContain(`Bonjour ${body.recipient.fullname}`);
    expect(body.email.text).toContain(`Bonjour ${body.recipient.fullname}`);
    expect(body.sms).toMatchObject({ body: `Bonjour ${firstname}`, segments: 1 });
  });

  it("sends now one e-mail per family and an SMS to each valid mobile, with the manual event", async () => {
    const before = t.dispatchedEmails.length;
    const response = await send(owner, {
      target: { type: "AVAILABILITY", availability: target.availability.cuid },
      sms: true,
      sms_body: "Samedi annulé",
      content: "<p>Bonjour {{ customer.firstname }}</p>",
    });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json();
    expect(message).toMatchObject({
      status: "SENT",
      recipients_count: 2,
      email_count: 2,
      sms_count: 1,
      sms_skipped_count: 1,
    });
    const copies = await copiesOf(message.cuid);
    const emails = copies.filter((copy) => copy.channel === "EMAIL");
    expect(emails.map((copy) => copy.toAddress).sort()).toEqual(
      [twoChildren.email, oneChild.email].sort(),
    );
    for (const copy of emails) {
      expect(copy).toMatchObject({ source: "MANUAL", status: "QUEUED" });
      expect(copy.idempotencyKey).toBe(`manual:${message.cuid}:${copy.customerId}:EMAIL`);
    }
    const sms = copies.filter((copy) => copy.channel === "SMS");
    expect(sms).toHaveLength(1);
    expect(sms[0]!.customerId).toBe(twoChildren.customerId);
    expect(sms[0]!.toAddress).toMatch(/^\+32\d+$/);
    await t.app.afterAnswersSettled();
    expect(t.dispatchedEmails.slice(before).sort()).toEqual(copies.map((copy) => copy.id).sort());
    const [event] = await t.db
      .select()
      .from(events)
      .where(
        and(eq(events.type, "manual"), sql`${events.payload}->>'message_cuid' = ${message.cuid}`),
      );
    expect(event).toBeDefined();
    const list = await owner.get("/api/admin/notifications/manual");
    expect(list.json().data[0]).toMatchObject({
      cuid: message.cuid,
      email_count: 2,
      delivery: { sent: 0, waiting: 3, failed: 0 },
    });
  });
});

describe("scheduling", () => {
  it("holds the copies until their time, and a cancel before it stops them all", async () => {
    const target = await camp(1);
    const one = await family();
    await register(one, one.children[0]!, target);
    const sendAt = new Date(Date.now() + 2 * HOUR).toISOString();
    const before = t.dispatchedEmails.length;
    const response = await send(owner, {
      target: { type: "AVAILABILITY", availability: target.availability.cuid },
      send_at: sendAt,
    });
    expect(response.statusCode, response.body).toBe(201);
    const message = response.json();
    expect(message).toMatchObject({
      status: "SCHEDULED",
      send_at: sendAt,
      delivery: { sent: 0, waiting: 1, failed: 0 },
    });
    const copies = await copiesOf(message.cuid);
    expect(copies.map((copy) => [copy.status, copy.sendAt.toISOString()])).toEqual([
      ["SCHEDULED", sendAt],
    ]);
    await t.app.afterAnswersSettled();
    expect(t.dispatchedEmails.length).toBe(before);

    const cancel = await owner.post(`/api/admin/notifications/manual/${message.cuid}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({
      status: "CANCELLED",
      delivery: { sent: 0, waiting: 0, failed: 0 },
    });
    expect((await copiesOf(message.cuid)).map((copy) => copy.status)).toEqual(["CANCELLED"]);
    const again = await owner.post(`/api/admin/notifications/manual/${message.cuid}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe("MANUAL_MESSAGE_NOT_SCHEDULED");
  });

  it("cannot cancel a message already sent", async () => {
    const one = await family();
    const response = await send(owner, { target: { type: "CUSTOMER", customer: one.cuid } });
    expect(response.statusCode, response.body).toBe(201);
    const cancel = await owner.post(
      `/api/admin/notifications/manual/${response.json().cuid}/cancel`,
    );
    expect(cancel.statusCode).toBe(409);
    expect((await copiesOf(response.json().cuid)).map((copy) => copy.status)).toEqual(["QUEUED"]);
  });
});

describe("idempotency", () => {
  it("sends a message once however many times the same request races in", async () => {
    const target = await camp(1);
    const families = [await family(), await family(), await family()];
    for (const one of families) await register(one, one.children[0]!, target);
    const body = {
      request_key: `race-${Date.now()}`,
      ...emailOnly,
      target: { type: "AVAILABILITY", availability: target.availability.cuid },
    };
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => owner.post("/api/admin/notifications/manual", body)),
    );
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses, responses.map((response) => response.body).join("\n")).toEqual([
      200, 200, 200, 200, 200, 201,
    ]);
    const cuids = new Set(responses.map((response) => response.json().cuid));
    expect(cuids.size).toBe(1);
    const [cuid] = [...cuids];
    const rows = await t.db
      .select()
      .from(manualMessages)
      .where(eq(manualMessages.requestKey, body.request_key));
    expect(rows).toHaveLength(1);
    expect(await copiesOf(cuid!)).toHaveLength(3);
  });
});

describe("refusals", () => {
  let target: Camp;
  beforeAll(async () => {
    target = await camp(1);
    const one = await family();
    await register(one, one.children[0]!, target);
  });
  const onTarget = () => ({
    type: "AVAILABILITY",
    availability: target.availability.cuid as string,
  });

  it("needs notifications.trigger", async () => {
    const reader = await collaboratorWith(t, ["registrations.registrations.read"]);
    const before = await manualCount();
    for (const response of [
      await reader.client.get("/api/admin/notifications/manual"),
      await recipients(reader.client, onTarget()),
      await send(reader.client, { target: onTarget() }),
    ]) {
      expect(response.statusCode).toBe(403);
    }
    expect(await manualCount()).toBe(before);
    const sender = await collaboratorWith(t, ["notifications.trigger"]);
    const sent = await send(sender.client, { target: onTarget() });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().sent_by).toMatch(/^Staff Member/);
  });

  it("refuses bad input with a clear 4xx and sends nothing", async () => {
    const before = await manualCount();
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ content: "<p></p>" }, 400, "content"],
      [{ content: "" }, 400, "content"],
      [{ subject: "" }, 400, "subject"],
      [{ subject: "x".repeat(256) }, 400, "subject"],
      [{ content: `<p>${"x".repeat(50_001)}</p>` }, 400, "content"],
      [{ sms: true, sms_body: "" }, 400, "sms_body"],
      [{ sms: true, sms_body: "x".repeat(1531) }, 400, "sms_body"],
      [{ email: false, sms: false }, 400, "email"],
      [{ send_at: new Date(Date.now() - HOUR).toISOString() }, 400, "send_at"],
      [{ send_at: "tomorrow" }, 400, "send_at"],
      [{ content: "<p>{% if %}</p>" }, 400, "content"],
      [{ request_key: "" }, 400, "request_key"],
    ];
    for (const [change, status, field] of cases) {
      const response = await send(owner, { target: onTarget(), ...change });
      expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(status);
      expect(Object.keys(response.json().fields ?? {}), JSON.stringify(change)).toContain(field);
    }
    const nul = await send(owner, { target: onTarget(), subject: "Samedi\u0000" });
    expect(nul.statusCode).toBe(400);
    const nobody = await send(owner, {
      target: { type: "REGISTRATIONS", filter: { q: "nobody-matches-this" } },
    });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().error).toBe("NO_RECIPIENTS");
    const unknownTarget = await send(owner, { target: { type: "EVERYONE" } });
    expect(unknownTarget.statusCode).toBe(400);
    expect(await manualCount()).toBe(before);
  });

  it("never reaches another organiser's availability, date or customer", async () => {
    const theirs = await camp(1, otherId);
    const theirFamily = await family({ organiserId: otherId });
    const before = await manualCount();
    const cases: Array<[Record<string, string>, string]> = [
      [{ type: "AVAILABILITY", availability: theirs.availability.cuid }, "AVAILABILITY_NOT_FOUND"],
      [
        {
          type: "AVAILABILITY_DATE",
          availability: target.availability.cuid,
          date: theirs.dates[0]!.cuid,
        },
        "AVAILABILITY_DATE_NOT_FOUND",
      ],
      [{ type: "CUSTOMER", customer: theirFamily.cuid }, "CUSTOMER_NOT_FOUND"],
    ];
    for (const [target, error] of cases) {
      for (const response of [await send(owner, { target }), await recipients(owner, target)]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().error).toBe(error);
      }
    }
    const filtered = await send(owner, {
      target: { type: "REGISTRATIONS", filter: { availability: theirs.availability.cuid } },
    });
    expect(filtered.statusCode).toBe(409);
    expect(await manualCount()).toBe(before);

    const theirOwner = await collaboratorWith(t, "owner", "demo-en");
    const list = await theirOwner.client.get("/api/admin/notifications/manual?page_size=100");
    expect(list.statusCode).toBe(200);
    const theirCuids = (
      await t.db
        .select({ cuid: manualMessages.cuid })
        .from(manualMessages)
        .where(eq(manualMessages.organiserId, otherId))
    ).map((row) => row.cuid);
    expect(
      list
        .json()
        .data.map((row: { cuid: string }) => row.cuid)
        .sort(),
    ).toEqual(theirCuids.sort());
    const [ours] = await t.db
      .select({ cuid: manualMessages.cuid })
      .from(manualMessages)
      .where(eq(manualMessages.organiserId, demoId))
      .limit(1);
    const cancel = await theirOwner.client.post(
      `/api/admin/notifications/manual/${ours!.cuid}/cancel`,
    );
    expect(cancel.statusCode).toBe(404);
  });
});
