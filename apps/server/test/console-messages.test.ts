import { customers, messages } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { queueMessage } from "../src/modules/messages/queue.ts";
import { collaboratorWith, organiserIdOf } from "./console-fixtures.ts";
import type { Client, TestApp } from "./harness.ts";
import { createTestApp } from "./harness.ts";

// The console's delivery log (issue 14 item 8): the organiser's messages with their status,
// attempts and reason, filtered and searched, one with its content as sent, a customer's own.

let t: TestApp;
let reader: Client;
let demoId: number;
let parent: { id: number; cuid: string; email: string };
const ids: Record<string, number> = {};
const cuidOf = async (id: number) =>
  (await t.db.select({ cuid: messages.cuid }).from(messages).where(eq(messages.id, id)))[0]!.cuid;

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t.db, "demo");
  reader = (await collaboratorWith(t, ["customers.notifications.read"])).client;
  const [row] = await t.db
    .select({ id: customers.id, cuid: customers.cuid, email: customers.email })
    .from(customers)
    .where(and(eq(customers.organiserId, demoId), eq(customers.email, "parent@demo.test")));
  parent = row!;
  const pdf = Buffer.from("%PDF-1.4 log");
  ids.confirmation = (await queueMessage(t.db, {
    organiserId: demoId,
    to: "Parent@Demo.test",
    subject: "Confirmation de votre commande",
    html: "<p>Merci <script>alert(1)</script></p>",
    text: "Merci",
    attachments: [
      {
        filename: "dates.ics",
        contentType: "text/calendar",
        contentBase64: pdf.toString("base64"),
      },
    ],
  }))!;
  ids.reminder = (await queueMessage(t.db, {
    organiserId: demoId,
    to: "other.family@example.org",
    subject: "Rappel : stage demain",
    html: "<p>Rappel</p>",
    text: "Rappel",
    source: "RULE",
    ruleId: 7,
    headers: { "X-Rule": "reminder" },
  }))!;
  ids.sms = (await queueMessage(t.db, {
    organiserId: demoId,
    channel: "SMS",
    to: "+32470111222",
    text: "Cours annulé samedi",
    source: "MANUAL",
    customerId: parent.id,
  }))!;
  ids.foreign = (await queueMessage(t.db, {
    organiserId: await organiserIdOf(t.db, "demo-en"),
    to: "parent@demo-en.test",
    subject: "Other organiser",
    html: "<p>x</p>",
    text: "x",
  }))!;
  await deliverMessage(t.db, { mail: null, sms: null }, ids.confirmation);
  // The reminder waits for an SMTP server that is down.
  const down = {
    async send() {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:25"), { code: "ESOCKET" });
    },
  };
  await deliverMessage(t.db, { mail: down, sms: null }, ids.reminder);
});
afterAll(async () => {
  await t.close();
});

type ListAnswer = {
  data: Array<{ cuid: string; status: string; channel: string; customer: { cuid: string } | null }>;
  count: number;
  delay: { count: number; since: string; next_attempt_at: string | null } | null;
};
const list = async (query = "") => {
  const response = await reader.get(`/api/admin/messages${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListAnswer;
};

describe("console delivery log", () => {
  it("lists the organiser's messages only, newest first, with the delay of those waiting", async () => {
    const answer = await list("?page_size=100");
    const cuids = answer.data.map((row) => row.cuid);
    expect(cuids).toContain(await cuidOf(ids.sms!));
    expect(cuids).not.toContain(await cuidOf(ids.foreign!));
    expect(cuids.indexOf(await cuidOf(ids.sms!))).toBeLessThan(
      cuids.indexOf(await cuidOf(ids.confirmation!)),
    );
    const reminderCuid = await cuidOf(ids.reminder!);
    expect(answer.data.find((row) => row.cuid === reminderCuid)?.status).toBe("QUEUED");
    expect(answer.delay).toMatchObject({ count: 1 });
    expect(new Date(answer.delay!.next_attempt_at!).getTime()).toBeGreaterThan(
      new Date(answer.delay!.since).getTime(),
    );
  });

  it("filters by channel, status, source, customer, period and address", async () => {
    const only = async (query: string) => (await list(query)).data.map((row) => row.cuid);
    // The demo seed has messages of its own: each filter keeps ours and only what matches.
    const sms = (await list("?channel=SMS&page_size=100")).data;
    expect(sms.map((row) => row.cuid)).toContain(await cuidOf(ids.sms!));
    expect(sms.every((row) => row.channel === "SMS")).toBe(true);
    const retrying = (await list("?status=QUEUED&source=RULE&page_size=100")).data;
    expect(retrying.map((row) => row.cuid)).toContain(await cuidOf(ids.reminder!));
    expect(retrying.every((row) => row.status === "QUEUED")).toBe(true);
    expect(await only("?q=other.family")).toEqual([await cuidOf(ids.reminder!)]);
    expect(await only("?q=rappel")).toEqual([await cuidOf(ids.reminder!)]);
    // the parent's: the SMS queued for them, and the e-mail sent to their address before
    const theirs = (await list(`?customer=${parent.cuid}&page_size=100`)).data;
    expect(theirs.map((row) => row.cuid)).toEqual(
      expect.arrayContaining([await cuidOf(ids.sms!), await cuidOf(ids.confirmation!)]),
    );
    expect(theirs.every((row) => row.customer?.cuid === parent.cuid)).toBe(true);
    expect(theirs.map((row) => row.cuid)).not.toContain(await cuidOf(ids.reminder!));
    const today = new Date().toISOString().slice(0, 10);
    expect(await only(`?from=${today}&to=${today}&channel=SMS`)).toContain(await cuidOf(ids.sms!));
    expect(await only("?from=2020-01-01&to=2020-01-31")).toEqual([]);
  });

  it("refuses bad filters with a 400", async () => {
    for (const query of [
      "?status=LOST",
      "?channel=FAX",
      "?from=2026-13-01",
      "?from=2026-02-02&to=2026-02-01",
    ]) {
      const response = await reader.get(`/api/admin/messages${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe("VALIDATION_ERROR");
    }
  });

  it("shows one message as it was sent, and no other organiser's", async () => {
    const response = await reader.get(`/api/admin/messages/${await cuidOf(ids.reminder!)}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json();
    expect(detail).toMatchObject({
      channel: "EMAIL",
      source: "RULE",
      status: "QUEUED",
      subject: "Rappel : stage demain",
      excerpt: "Rappel",
      html: "<p>Rappel</p>",
      text: "Rappel",
      attempts: 1,
      uncertain: false,
      headers: { "X-Rule": "reminder" },
    });
    expect(detail.last_error).toContain("ECONNREFUSED");
    expect(detail.message_id).toMatch(/^<.+@.+>$/);
    const confirmation = (
      await reader.get(`/api/admin/messages/${await cuidOf(ids.confirmation!)}`)
    ).json();
    expect(confirmation.status).toBe("OUTBOX");
    expect(confirmation.customer.cuid).toBe(parent.cuid);
    expect(confirmation.attachments).toEqual([
      { filename: "dates.ics", content_type: "text/calendar", size: 12 },
    ]);
    const foreign = await reader.get(`/api/admin/messages/${await cuidOf(ids.foreign!)}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: "MESSAGE_NOT_FOUND" });
  });

  it("is closed to a collaborator without customers.notifications.read", async () => {
    const { client } = await collaboratorWith(t, ["customers.customers.read"]);
    expect((await client.get("/api/admin/messages")).statusCode).toBe(403);
  });
});
