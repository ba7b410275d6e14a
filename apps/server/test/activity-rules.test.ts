import {
  activities,
  customers,
  documentModels,
  notificationRules,
  registrations,
  walletTransactions,
} from "@booking/db";
import { and, eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import { type Client, createTestApp, type TestApp } from "./harness.ts";
import {
  availability,
  customer,
  deliverEvents,
  lastEventId,
  messagesOf,
  onlyRule,
  register,
  rulesDeps,
} from "./notification-rules-fixtures.ts";
import { startSmtpServer } from "./smtp-fixtures.ts";

// An activity's cancellation policy and confirmation (docs/decisions/0101).

const HOUR = 3_600_000;
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1");

let t: TestApp;
let owner: Client;
let demoId: number;
let otherId: number;
const clock = { now: new Date() };

beforeAll(async () => {
  t = await createTestApp();
  demoId = await organiserIdOf(t.db, "demo");
  otherId = await organiserIdOf(t.db, "demo-en");
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
});
afterAll(() => t.close());

async function activityCuid(activityId: number): Promise<string> {
  const [row] = await t.db
    .select({ cuid: activities.cuid })
    .from(activities)
    .where(eq(activities.id, activityId));
  return row!.cuid;
}

/** A registration of a new customer on a new availability starting in `startsInDays`. */
async function booked(startsInDays = 10, paid = 0) {
  const target = await availability(t, demoId, { startsInDays });
  const who = await customer(t, demoId);
  const made = await register(t, who, target);
  if (paid > 0) {
    await t.db
      .update(registrations)
      .set({ paidAmount: paid })
      .where(eq(registrations.id, made.registration.id));
  }
  const cuid = await activityCuid(target.activity.id);
  return { target, who, ...made, activity: cuid };
}

async function setPolicy(activity: string, body: Record<string, unknown>) {
  const response = await owner.put(`/api/admin/activities/${activity}/cancellation-policy`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function firstnameOf(customerId: number): Promise<string> {
  const [row] = await t.db
    .select({ firstname: customers.firstname })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.firstname;
}

async function walletOf(customerId: number): Promise<number> {
  const [row] = await t.db
    .select({ amount: customers.walletAmount })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row!.amount;
}

describe("an activity's cancellation policy in the console", () => {
  it("reads the default, writes a policy (audited), refuses bad values and others' activities", async () => {
    const { activity } = await booked();
    const path = `/api/admin/activities/${activity}/cancellation-policy`;
    const first = await owner.get(path);
    expect(first.json()).toEqual({
      online_until_hours: 0,
      refund: "NONE",
      refund_percentage: 100,
      is_default: true,
    });

    const before = await databaseDigest(t.db);
    for (const body of [
      { online_until_hours: -1, refund: "NONE", refund_percentage: 100 },
      { online_until_hours: 8761, refund: "NONE", refund_percentage: 100 },
      { online_until_hours: 1.5, refund: "NONE", refund_percentage: 100 },
      { online_until_hours: "48", refund: "NONE", refund_percentage: 100 },
      { online_until_hours: 48, refund: "PROVIDER", refund_percentage: 100 },
      { online_until_hours: 48, refund: "WALLET", refund_percentage: 101 },
      { online_until_hours: 48, refund: "WALLET", refund_percentage: 1e300 },
      { online_until_hours: 48, refund: "WALLET\u0000", refund_percentage: 50 },
      {},
    ]) {
      const response = await owner.put(path, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const foreign = await t.db
      .select({ cuid: activities.cuid })
      .from(activities)
      .where(eq(activities.organiserId, otherId))
      .limit(1);
    const other = `/api/admin/activities/${foreign[0]!.cuid}/cancellation-policy`;
    expect((await owner.get(other)).statusCode).toBe(404);
    const put = await owner.put(other, {
      online_until_hours: 1,
      refund: "NONE",
      refund_percentage: 100,
    });
    expect(put.statusCode).toBe(404);
    expect(await databaseDigest(t.db)).toBe(before);

    const saved = await setPolicy(activity, {
      online_until_hours: 48,
      refund: "WALLET",
      refund_percentage: 50,
    });
    expect(saved).toEqual({
      online_until_hours: 48,
      refund: "WALLET",
      refund_percentage: 50,
      is_default: false,
    });
    expect((await owner.get(path)).json()).toEqual(saved);
    expect(await lastAuditOf(t.db, activity)).toMatchObject({
      action: "activity.cancellation_policy.updated",
    });
    // Without a wallet refund, the percentage means nothing and is kept as 100.
    expect(
      await setPolicy(activity, {
        online_until_hours: null,
        refund: "NONE",
        refund_percentage: 10,
      }),
    ).toMatchObject({ online_until_hours: null, refund: "NONE", refund_percentage: 100 });
  });

  it("needs activities.cancellations.read to read and .update to write", async () => {
    const { activity } = await booked();
    const path = `/api/admin/activities/${activity}/cancellation-policy`;
    const reader = await collaboratorWith(t, ["activities.cancellations.read"]);
    expect((await reader.client.get(path)).statusCode).toBe(200);
    const write = await reader.client.put(path, {
      online_until_hours: 1,
      refund: "NONE",
      refund_percentage: 100,
    });
    expect(write.statusCode).toBe(403);
    const editor = await collaboratorWith(t, ["activities.activities.update"]);
    expect((await editor.client.get(path)).statusCode).toBe(403);
  });

  it("shows on the availability's public view, the default when none is written", async () => {
    const plain = await booked();
    const policyShown = async () => {
      const list = await plain.who.client.get(`/api/availabilities?activity=${plain.activity}`);
      expect(list.statusCode, list.body).toBe(200);
      return list.json().data[0].activity.cancellation_policy;
    };
    expect(await policyShown()).toEqual({
      online_until_hours: 0,
      refund: "NONE",
      refund_percentage: 100,
    });
    await setPolicy(plain.activity, {
      online_until_hours: 72,
      refund: "WALLET",
      refund_percentage: 80,
    });
    expect(await policyShown()).toEqual({
      online_until_hours: 72,
      refund: "WALLET",
      refund_percentage: 80,
    });
  });
});

describe("the demo", () => {
  it("has its cooking course's policy and confirmation, set by staff through the services", async () => {
    const [course] = await t.db
      .select({ cuid: activities.cuid })
      .from(activities)
      .where(and(eq(activities.organiserId, demoId), eq(activities.title, "Stage Petits Chefs")));
    const base = `/api/admin/activities/${course!.cuid}`;
    expect((await owner.get(`${base}/cancellation-policy`)).json()).toEqual({
      online_until_hours: 72,
      refund: "WALLET",
      refund_percentage: 50,
      is_default: false,
    });
    const confirmation = (await owner.get(`${base}/confirmation`)).json();
    expect(confirmation).toMatchObject({ calendar_file: true });
    expect(confirmation.message).toContain("tablier");
    expect(confirmation.document_models).toHaveLength(1);
  });
});

describe("the account's cancel under the activity's policy", () => {
  it("keeps today's rule without a policy: cancels before the start, refunds nothing", async () => {
    const { who, registration } = await booked(10, 4_000);
    const detail = await who.client.get(`/api/registrations/${registration.cuid}`);
    expect(detail.json().registration).toMatchObject({
      actions: { cancel: null },
      cancellation_policy: {
        online_until_hours: 0,
        refund: "NONE",
        refund_amount: 0,
        deadline: expect.any(String),
      },
    });
    const done = await who.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Malade",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await walletOf(who.customerId)).toBe(0);
  });

  it("credits the policy's share of what was paid to the wallet, rounded down", async () => {
    const { who, registration, activity } = await booked(10, 3_333);
    await setPolicy(activity, { online_until_hours: 48, refund: "WALLET", refund_percentage: 50 });
    const detail = await who.client.get(`/api/registrations/${registration.cuid}`);
    const policy = detail.json().registration.cancellation_policy;
    expect(policy).toMatchObject({ refund: "WALLET", refund_percentage: 50, refund_amount: 1_666 });
    const firstStart = new Date(detail.json().registration.dates[0].date.start_at).getTime();
    expect(new Date(policy.deadline).getTime()).toBe(firstStart - 48 * HOUR);

    const done = await who.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Plus disponible",
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().registration.cancelled).toBe(true);
    expect(await walletOf(who.customerId)).toBe(1_666);
    const credits = await t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.registrationId, registration.id));
    expect(credits.map((row) => [row.amount, row.reason])).toEqual([[1_666, "REFUND"]]);
  });

  it("refuses once the deadline has passed (409, nothing changes), shows why; staff still cancel", async () => {
    const { who, registration, activity } = await booked(10, 2_000);
    // 11 days before a first date 10 days ahead: the deadline was yesterday.
    await setPolicy(activity, {
      online_until_hours: 264,
      refund: "WALLET",
      refund_percentage: 100,
    });
    const detail = await who.client.get(`/api/registrations/${registration.cuid}`);
    expect(detail.json().registration.actions.cancel).toBe("deadline_passed");
    const before = await databaseDigest(t.db);
    const refused = await who.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Trop tard ?",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("CANCELLATION_DEADLINE_PASSED");
    expect(await databaseDigest(t.db)).toBe(before);

    const staff = await owner.post(`/api/admin/registrations/${registration.cuid}/cancel`, {
      refund: "none",
    });
    expect(staff.statusCode, staff.body).toBe(200);
    expect(await walletOf(who.customerId)).toBe(0);
  });

  it("refuses every online cancel when the policy says never online", async () => {
    const { who, registration, activity } = await booked(30);
    await setPolicy(activity, { online_until_hours: null, refund: "NONE", refund_percentage: 100 });
    const detail = await who.client.get(`/api/registrations/${registration.cuid}`);
    expect(detail.json().registration).toMatchObject({
      actions: { cancel: "not_online" },
      cancellation_policy: { deadline: null },
    });
    const refused = await who.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Annuler",
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("CANCELLATION_NOT_ONLINE");
  });

  it("refunds once when the same registration is cancelled eight times at once", async () => {
    const { who, registration, activity } = await booked(10, 5_000);
    await setPolicy(activity, { online_until_hours: 24, refund: "WALLET", refund_percentage: 100 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        who.client.post("/api/registrations/cancel", {
          registration_id: registration.id,
          message: "En double",
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().error)).toEqual(
      Array(7).fill("REGISTRATION_CANCELLED"),
    );
    expect(await walletOf(who.customerId)).toBe(5_000);
  });

  it("gives another customer's registration 404", async () => {
    const { registration } = await booked();
    const stranger = await customer(t, demoId);
    const response = await stranger.client.post("/api/registrations/cancel", {
      registration_id: registration.id,
      message: "Pas à moi",
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("an activity's confirmation", () => {
  it("saves the message (sanitised, Liquid checked), the models, the files; refuses bad input", async () => {
    const { activity } = await booked();
    const path = `/api/admin/activities/${activity}/confirmation`;
    const empty = await owner.get(path);
    expect(empty.json()).toMatchObject({
      message: "",
      calendar_file: false,
      document_models: [],
      files: [],
    });
    expect(empty.json().available_document_models.length).toBeGreaterThan(0);

    const [foreignModel] = await t.db
      .insert(documentModels)
      .values({ organiserId: otherId, title: "Certificate" })
      .returning({ cuid: documentModels.cuid });
    const before = await databaseDigest(t.db);
    const broken = await owner.put(path, {
      message: "<p>{{ customer.firstname </p>",
      calendar_file: true,
      document_models: [],
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe("TEMPLATE_INVALID");
    const foreign = await owner.put(path, {
      message: "<p>ok</p>",
      calendar_file: false,
      document_models: [foreignModel!.cuid],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().fields).toEqual({ "document_models.0": "INVALID_CHOICE" });
    for (const body of [
      { message: 5, calendar_file: false, document_models: [] },
      { message: "x".repeat(50_001), calendar_file: false, document_models: [] },
      { message: "ok", calendar_file: "yes", document_models: [] },
      { message: "ok", calendar_file: false, document_models: Array(11).fill("abc") },
    ]) {
      expect((await owner.put(path, body)).statusCode).toBe(400);
    }
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const wrongType = await owner.postFile(`${path}/files`, "liste.pdf", png, "application/pdf");
    expect(wrongType.statusCode).toBe(415);
    const tooLarge = await owner.postFile(
      `${path}/files`,
      "big.pdf",
      Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]),
      "application/pdf",
    );
    expect(tooLarge.statusCode).toBe(413);
    const none = await owner.post(`${path}/files`, {});
    expect(none.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toBe(before);

    const saved = await owner.put(path, {
      message: '<p onclick="alert(1)">Bonjour {{ customer.firstname }}<script>x()</script></p>',
      calendar_file: true,
      document_models: [empty.json().available_document_models[0].cuid],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe("<p>Bonjour {{ customer.firstname }}</p>");
    expect(await lastAuditOf(t.db, activity)).toMatchObject({
      action: "activity.confirmation.updated",
    });
    const uploaded = await owner.postFile(
      `${path}/files`,
      "../Liste\u0000 de matériel",
      PDF,
      "application/pdf",
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect(uploaded.json().files).toEqual([
      expect.objectContaining({ file_name: "Liste de matériel.pdf", size_bytes: PDF.length }),
    ]);
    const fileCuid = uploaded.json().files[0].cuid;
    expect((await owner.delete(`${path}/files/zzzzzzzz`)).statusCode).toBe(404);
    const removed = await owner.delete(`${path}/files/${fileCuid}`);
    expect(removed.json().files).toEqual([]);
  });

  it("keeps at most five files, also when uploads race", async () => {
    const { activity } = await booked();
    const path = `/api/admin/activities/${activity}/confirmation/files`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        owner.postFile(path, `f${index}.pdf`, PDF, "application/pdf"),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(3);
  });

  it("previews the message in the e-mail's frame under activities.confirmations.read only", async () => {
    const { activity } = await booked();
    const path = `/api/admin/activities/${activity}/confirmation/preview`;
    const reader = await collaboratorWith(t, ["activities.confirmations.read"]);
    const preview = await reader.client.post(path, { message: "<p>Prévoir un pique-nique</p>" });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain("Prévoir un pique-nique");
    expect(preview.json().text).toContain("Prévoir un pique-nique");
    const write = await reader.client.put(`/api/admin/activities/${activity}/confirmation`, {
      message: "",
      calendar_file: false,
      document_models: [],
    });
    expect(write.statusCode).toBe(403);
  });

  it("rides on the family's confirmation e-mail (one e-mail) with its files, and shows on the registration page", async () => {
    const [rule] = await t.db
      .select()
      .from(notificationRules)
      .where(and(eq(notificationRules.organiserId, demoId), eq(notificationRules.isDefault, true)));
    await onlyRule(t, demoId, rule!.id);
    // The attestation, available at once for this test (no payment nor date required).
    const [model] = await t.db
      .update(documentModels)
      .set({ paymentRequirement: null, dateRequirement: null })
      .where(
        and(
          eq(documentModels.organiserId, demoId),
          eq(documentModels.title, "Attestation de participation"),
        ),
      )
      .returning();
    const target = await availability(t, demoId, { dates: 2 });
    const activity = await activityCuid(target.activity.id);
    const path = `/api/admin/activities/${activity}/confirmation`;
    const saved = await owner.put(path, {
      message: "<p>Bonjour {{ customer.firstname }}, prévoir des bottes.</p>",
      calendar_file: true,
      document_models: [model!.cuid],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(
      (await owner.postFile(`${path}/files`, "Liste de matériel.pdf", PDF, "application/pdf"))
        .statusCode,
    ).toBe(201);

    const who = await customer(t, demoId);
    const before = await lastEventId(t);
    const { registration } = await register(t, who, target);
    clock.now = new Date();
    await deliverEvents(t, before, rulesDeps(t, clock));
    const sent = await messagesOf(t, rule!.id);
    const mine = sent.filter((message) => message.customerId === who.customerId);
    expect(mine).toHaveLength(1);
    const names = mine[0]!.attachments.map((file) => file.filename);
    expect(names).toHaveLength(3);
    expect(names).toEqual(
      expect.arrayContaining([
        "Liste de matériel.pdf",
        "dates.ics",
        expect.stringMatching(/^Attestation de participation - .+\.pdf$/),
      ]),
    );

    const smtp = await startSmtpServer();
    try {
      await deliverMessage(
        t.db,
        { mail: createMailTransport(smtp.url, "Test <no-reply@example.org>"), sms: null },
        mine[0]!.id,
      );
      const { parsed } = smtp.received[0]!;
      const firstname = await firstnameOf(who.customerId);
      expect(parsed.text).toContain(`Bonjour ${firstname}, prévoir des bottes.`);
      expect(parsed.html).toContain(target.activity.title);
      expect(parsed.html).toContain(`Bonjour ${firstname}, prévoir des bottes.`);
      const names = parsed.attachments.map((file) => file.filename);
      expect(names).toContain("Liste de matériel.pdf");
      expect(names).toContain("dates.ics");
      const packing = parsed.attachments.find((file) => file.filename === "Liste de matériel.pdf");
      expect(packing!.contentType).toBe("application/pdf");
      expect(packing!.content.equals(PDF)).toBe(true);
      const calendar = parsed.attachments.find((file) => file.filename === "dates.ics");
      expect(calendar!.content.toString("utf8").match(/BEGIN:VEVENT/g)).toHaveLength(2);
    } finally {
      await smtp.close();
    }

    const page = await who.client.get(`/api/registrations/${registration.cuid}`);
    expect(page.json().registration.confirmation_message).toBe(
      `<p>Bonjour ${await firstnameOf(who.customerId)}, prévoir des bottes.</p>`,
    );
  });
});
