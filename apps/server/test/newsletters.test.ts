import { randomBytes } from "node:crypto";
import { customers, messages, newsletters, organisers, segments } from "@booking/db";
import { and, asc, eq } from "@booking/db/orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPublicUrls } from "../src/http/public-urls.ts";
import { sendDueNewsletters } from "../src/jobs/newsletters-worker.ts";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { type SenderDeps, sendNewsletterBatch } from "../src/modules/newsletters/sender.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditOf,
  organiserIdOf,
} from "./console-fixtures.ts";
import { databaseDigest } from "./database-digest.ts";
import {
  Client,
  createTestApp,
  DEMO_HOST,
  lastEmailTo,
  registration,
  TEST_SECRET,
  type TestApp,
} from "./harness.ts";
import { startSmtpServer, type TestSmtpServer } from "./smtp-fixtures.ts";

/**
 * Newsletters (decision 0056): composed in the console, sent now or at a time to the consenting
 * customers of a segment only, in batches that resume after a crash without a second copy; each
 * mail carries the unsubscribe link and the List-Unsubscribe headers of RFC 8058 (checked on the
 * MIME a real SMTP server received), whose one-click POST works without an XSRF token; and
 * unsubscribing never stops transactional mail.
 */

let t: TestApp;
let owner: Client;
let organiserId: number;
let smtp: TestSmtpServer;
let sequence = 0;

const publicUrls = createPublicUrls({ platformDomain: "localhost", scheme: "http", port: null });
const dispatched: number[] = [];
const sender: SenderDeps = {
  secret: TEST_SECRET,
  publicUrls,
  dispatchEmail: async (id) => {
    dispatched.push(id);
  },
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  organiserId = await organiserIdOf(t.db, "demo");
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

/** A customer of the demo registered on the storefront, ticking the newsletter box or not. */
async function customer(newsletter: boolean) {
  sequence += 1;
  const email = `reader-${sequence}@example.org`;
  const response = await new Client(t.app, DEMO_HOST).post(
    "/api/auth/register",
    registration({ email, newsletter }),
  );
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().customer.id as number, email };
}

async function segmentCuid(entity: "CUSTOMERS" | "PARTICIPANTS", isDefault = true) {
  const [row] = await t.db
    .select({ cuid: segments.cuid })
    .from(segments)
    .where(
      and(
        eq(segments.organiserId, organiserId),
        eq(segments.entity, entity),
        eq(segments.isDefault, isDefault),
      ),
    );
  return row!.cuid;
}

async function compose(subject: string, segment?: string) {
  const response = await owner.post("/api/admin/newsletters", {
    subject,
    content: "<p>Bonjour {{ customer.firstname }}, voici nos stages d'été.</p>",
    segment: segment ?? (await segmentCuid("CUSTOMERS")),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function newsletterRow(cuid: string) {
  const [row] = await t.db.select().from(newsletters).where(eq(newsletters.cuid, cuid));
  return row!;
}

async function messagesOf(newsletterId: number) {
  return t.db
    .select()
    .from(messages)
    .where(eq(messages.newsletterId, newsletterId))
    .orderBy(asc(messages.id));
}

async function subscribedEmails() {
  const rows = await t.db
    .select({ email: customers.email })
    .from(customers)
    .where(and(eq(customers.organiserId, organiserId), eq(customers.newsletterSubscribed, true)));
  return rows.map((row) => row.email).sort();
}

/** Runs the sender until the newsletter is sent (the worker's loop, with a controlled clock). */
async function sendAll(cuid: string, batchSize: number, now = new Date()) {
  const row = await newsletterRow(cuid);
  let batches = 0;
  for (;;) {
    const result = await sendNewsletterBatch(
      t.db,
      sender,
      { organiserId, newsletterId: row.id },
      { now, batchSize },
    );
    if (!result) return batches;
    batches += 1;
    if (result.done) return batches;
  }
}

describe("composing", () => {
  it("saves a draft, edits it and refuses bad input with nothing changed", async () => {
    const draft = await compose("Stages d'été");
    expect(draft).toMatchObject({
      status: "DRAFT",
      subject: "Stages d'été",
      segment: { entity: "CUSTOMERS" },
      recipients_count: 0,
      delivery: { queued: 0, sent: 0, failed: 0, cancelled: 0 },
    });
    expect((await lastAuditOf(t.db, draft.cuid))?.action).toBe("newsletter.created");
    const edited = await owner.put(`/api/admin/newsletters/${draft.cuid}`, {
      subject: "Stages d'été 2027",
      content: '<p>Nouveau</p><script>alert(1)</script><img src="/uploads/camp.jpg" alt="">',
      segment: await segmentCuid("PARTICIPANTS"),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().content).not.toContain("<script>");
    expect(edited.json().segment.entity).toBe("PARTICIPANTS");

    const [otherSegment] = await t.db
      .select({ cuid: segments.cuid })
      .from(segments)
      .where(eq(segments.organiserId, await organiserIdOf(t.db, "demo-en")));
    const before = await databaseDigest(t.db);
    const cases: [object, Record<string, string>][] = [
      [{ subject: "", content: "<p>x</p>" }, { subject: "REQUIRED" }],
      [{ subject: "x", content: "<p> </p>" }, { content: "REQUIRED" }],
      [
        { subject: "x", content: "<p>x</p>", segment: otherSegment!.cuid },
        { segment: "INVALID_CHOICE" },
      ],
      [{ subject: "{% if %}", content: "<p>x</p>" }, { subject: "TEMPLATE_INVALID" }],
    ];
    for (const [body, fields] of cases) {
      const response = await owner.post("/api/admin/newsletters", {
        segment: await segmentCuid("CUSTOMERS"),
        ...body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields, JSON.stringify(body)).toEqual(fields);
    }
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("previews the mail and sends a test to the collaborator alone", async () => {
    const preview = await owner.post("/api/admin/newsletters/preview", {
      subject: "Hello {{ customer.firstname }}",
      content: "<p>Nos nouvelles</p>",
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().html).toContain("Nos nouvelles");
    const draft = await compose("Test me");
    const test = await owner.post(`/api/admin/newsletters/${draft.cuid}/test`, {});
    expect(test.statusCode, test.body).toBe(200);
    const mail = await lastEmailTo(t, DEMO_OWNER_EMAIL);
    expect(mail?.subject).toBe("[Test] Test me");
    expect((await owner.get(`/api/admin/newsletters/${draft.cuid}`)).json().status).toBe("DRAFT");
  });
});

async function uploadImage() {
  const picture = await sharp({
    create: { width: 900, height: 400, channels: 3, background: "#0a7" },
  })
    .png()
    .toBuffer();
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="camp.png"\r\n` +
        "Content-Type: image/png\r\n\r\n",
    ),
    picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/admin/newsletters/images",
    headers: {
      host: owner.host,
      cookie: [...owner.cookies].map(([key, value]) => `${key}=${value}`).join("; "),
      "x-xsrf-token": owner.cookies.get("XSRF-TOKEN") ?? "",
      "content-type": `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
}

describe("images", () => {
  it("keeps the organiser's uploaded images, drops any other, and addresses them absolutely in the mail", async () => {
    const uploaded = await uploadImage();
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { url } = uploaded.json();
    expect(url).toMatch(/^\/uploads\/[a-z0-9]+\/[a-f0-9]{32}\.webp$/);
    const served = await t.app.inject({ method: "GET", url, headers: { host: "demo.localhost" } });
    expect(served.statusCode).toBe(200);
    // The console (another origin) shows it in the preview; mail apps load it too.
    expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");

    const foreign = url.replace(/\/uploads\/[a-z0-9]+\//, "/uploads/someoneelse0000000000000/");
    const created = await owner.post("/api/admin/newsletters", {
      subject: "With a picture",
      content: `<p>Camp</p><img src="${url}" alt="Camp"><img src="${foreign}"><img src="https://evil.example/x.png">`,
      segment: await segmentCuid("CUSTOMERS"),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().content).toBe(`<p>Camp</p><img src="${url}" alt="Camp">`);

    const preview = await owner.post("/api/admin/newsletters/preview", {
      subject: "With a picture",
      content: `<p>Camp</p><img src="${url}" alt="Camp">`,
    });
    expect(preview.json().html).toContain(`src="http://demo.localhost${url}"`);
  });
});

describe("sending", () => {
  it("goes to the consenting customers of the segment only, in batches, once each", async () => {
    await customer(true);
    await customer(true);
    await customer(false);
    await customer(true);
    const draft = await compose("Batches");
    const sent = await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe("SENDING");
    const batches = await sendAll(draft.cuid, 2);
    const expected = await subscribedEmails();
    expect(batches).toBe(Math.floor(expected.length / 2) + 1);
    const row = await newsletterRow(draft.cuid);
    const queued = await messagesOf(row.id);
    expect(queued.map((message) => message.toAddress).sort()).toEqual(expected);
    expect(row).toMatchObject({ status: "SENT", recipientsCount: expected.length });
    for (const message of queued) {
      expect(message).toMatchObject({ source: "NEWSLETTER", status: "QUEUED" });
      expect(message.idempotencyKey).toBe(`newsletter:${draft.cuid}:${message.customerId}`);
      expect(message.text).toContain("/newsletters/unsubscribe?token=");
      expect(message.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    }
    expect(dispatched).toEqual(expect.arrayContaining(queued.map((message) => message.id)));
    // Another pass finds nothing to do.
    expect(await sendAll(draft.cuid, 2)).toBe(0);

    const detail = (await owner.get(`/api/admin/newsletters/${draft.cuid}`)).json();
    expect(detail).toMatchObject({
      status: "SENT",
      recipients_count: expected.length,
      delivery: { queued: expected.length, sent: 0 },
    });
    const list = (await owner.get("/api/admin/newsletters?status=SENT")).json();
    expect(list.data.map((item: { cuid: string }) => item.cuid)).toContain(draft.cuid);
  });

  it("resumes after a crash in the middle of a batch without a second copy", async () => {
    for (let index = 0; index < 3; index += 1) await customer(true);
    const draft = await compose("Crash");
    await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {});
    const row = await newsletterRow(draft.cuid);
    const target = { organiserId, newsletterId: row.id };
    await sendNewsletterBatch(t.db, sender, target, { now: new Date(), batchSize: 3 });
    // The next batch dies half-way through rendering: its transaction rolls back whole.
    let rendered = 0;
    const crashing: SenderDeps = {
      ...sender,
      publicUrls: {
        ...publicUrls,
        storefront: (organiser) => {
          rendered += 1;
          if (rendered > 4) throw new Error("worker killed");
          return publicUrls.storefront(organiser);
        },
      },
    };
    await expect(
      sendNewsletterBatch(t.db, crashing, target, { now: new Date(), batchSize: 3 }),
    ).rejects.toThrow("worker killed");
    expect((await messagesOf(row.id)).length).toBe(3);
    expect((await newsletterRow(draft.cuid)).cursorCustomerId).toBe(
      (await messagesOf(row.id)).at(-1)!.customerId,
    );
    // Even a cursor sent back to the start (a sender that lost its place) queues no copy.
    await t.db.update(newsletters).set({ cursorCustomerId: 0 }).where(eq(newsletters.id, row.id));
    await sendAll(draft.cuid, 3);
    const queued = await messagesOf(row.id);
    const expected = await subscribedEmails();
    expect(queued.map((message) => message.toAddress).sort()).toEqual(expected);
    expect(new Set(queued.map((message) => message.customerId)).size).toBe(queued.length);
  });

  it("the worker's pass queues at most one batch of each due newsletter (the rate limit)", async () => {
    for (let index = 0; index < 3; index += 1) await customer(true);
    const first = await compose("Rate one");
    const second = await compose("Rate two");
    for (const draft of [first, second]) {
      await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {});
    }
    const queued = await sendDueNewsletters(t.db, sender, { now: new Date(), batchSize: 2 });
    expect(queued).toBe(4);
    for (const draft of [first, second]) {
      const row = await newsletterRow(draft.cuid);
      expect(row).toMatchObject({ status: "SENDING", recipientsCount: 2 });
    }
    // Passes go on until every due newsletter is sent, then find nothing.
    while ((await sendDueNewsletters(t.db, sender, { now: new Date(), batchSize: 2 })) > 0);
    for (const draft of [first, second]) {
      expect((await newsletterRow(draft.cuid)).status).toBe("SENT");
    }
  });

  it("keeps a scheduled newsletter until its time, and a cancelled one sends nothing more", async () => {
    const draft = await compose("Later");
    const past = await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {
      at: "2020-01-01T10:00:00Z",
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().fields).toEqual({ at: "TOO_SMALL" });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {
      at: at.toISOString(),
    });
    expect(scheduled.json()).toMatchObject({ status: "SCHEDULED", scheduled_at: at.toISOString() });
    expect(await sendAll(draft.cuid, 100)).toBe(0);
    const row = await newsletterRow(draft.cuid);
    expect(await messagesOf(row.id)).toEqual([]);
    await sendNewsletterBatch(
      t.db,
      sender,
      { organiserId, newsletterId: row.id },
      { now: new Date(at.getTime() + 1000), batchSize: 1 },
    );
    expect((await newsletterRow(draft.cuid)).status).toBe("SENDING");
    const cancelled = await owner.post(`/api/admin/newsletters/${draft.cuid}/cancel`, {});
    expect(cancelled.json()).toMatchObject({ status: "CANCELLED", delivery: { cancelled: 1 } });
    expect(await sendAll(draft.cuid, 100, new Date(at.getTime() + 2000))).toBe(0);
    expect((await messagesOf(row.id)).length).toBe(1);
    const again = await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {});
    expect(again.json().error).toBe("NEWSLETTER_NOT_EDITABLE");
  });
});

/** A header of the MIME as received (mailparser folds List-* headers into an object). */
function headerOf(received: TestSmtpServer["received"][number], key: string): string {
  const line = received.parsed.headerLines.find((item) => item.key === key)?.line ?? "";
  // Unfolded (RFC 5322 §2.2.3): a long header is folded over lines at a space.
  return line
    .slice(line.indexOf(":") + 1)
    .replace(/\r?\n(?=[ \t])/g, "")
    .trim();
}

describe("unsubscribing from a newsletter", () => {
  /** A new subscriber, a newsletter sent, and its mail to them delivered to the SMTP server. */
  async function deliveredToNewReader() {
    const reader = await customer(true);
    const draft = await compose("Unsubscribe me");
    await owner.post(`/api/admin/newsletters/${draft.cuid}/send`, {});
    await sendAll(draft.cuid, 1000);
    const [message] = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.newsletterId, (await newsletterRow(draft.cuid)).id),
          eq(messages.toAddress, reader.email),
        ),
      );
    const mail = createMailTransport(smtp.url, "Demo <noreply@example.org>");
    await deliverMessage(t.db, { mail, sms: null }, message!.id);
    const received = smtp.received.find((item) => item.to.includes(reader.email))!;
    return { reader, received };
  }

  it("carries the List-Unsubscribe headers, and their one-click POST needs no XSRF token", async () => {
    const { reader, received } = await deliveredToNewReader();
    expect(headerOf(received, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const listUnsubscribe = headerOf(received, "list-unsubscribe");
    const url = /<(http[^>]+)>/.exec(listUnsubscribe)![1]!;
    expect(url).toMatch(/^http:\/\/demo\.localhost\/api\/newsletters\/unsubscribe\?token=/);
    // Then a mailto: for mail apps that only write, to the organiser's address replies reach.
    const [demo] = await t.db.select().from(organisers).where(eq(organisers.id, organiserId));
    expect(demo!.contactEmail).toBeTruthy();
    expect(listUnsubscribe).toBe(`<${url}>, <mailto:${demo!.contactEmail}?subject=unsubscribe>`);
    expect(received.parsed.replyTo?.value[0]?.address).toBe(demo!.contactEmail);
    expect(received.parsed.text).toContain("/fr/newsletters/unsubscribe?token=");
    expect(received.parsed.html).toContain("/fr/newsletters/unsubscribe?token=");

    const path = url.replace("http://demo.localhost", "");
    // A browser opening the address is led to the page, token kept.
    const opened = await t.app.inject({
      method: "GET",
      url: path,
      headers: { host: "demo.localhost" },
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toMatch(/^\/fr\/newsletters\/unsubscribe\?token=/);

    const oneClick = () =>
      t.app.inject({
        method: "POST",
        url: path,
        headers: { host: "demo.localhost", "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
    const first = await oneClick();
    expect(first.statusCode, first.body).toBe(200);
    const [row] = await t.db.select().from(customers).where(eq(customers.id, reader.id));
    expect(row).toMatchObject({
      newsletterSubscribed: false,
      newsletterSource: "UNSUBSCRIBE_LINK",
    });
    // Providers repeat requests: the same link again is spent (409) and changes nothing.
    const before = await databaseDigest(t.db);
    expect((await oneClick()).statusCode).toBe(409);
    expect(await databaseDigest(t.db)).toEqual(before);
  });

  it("offers no mailto: and no Reply-To when the organiser has no contact address", async () => {
    const [demo] = await t.db.select().from(organisers).where(eq(organisers.id, organiserId));
    await t.db.update(organisers).set({ contactEmail: null }).where(eq(organisers.id, organiserId));
    try {
      const { received } = await deliveredToNewReader();
      expect(headerOf(received, "list-unsubscribe")).toMatch(/^<http:[^>]+>$/);
      expect(received.parsed.replyTo).toBeUndefined();
    } finally {
      await t.db
        .update(organisers)
        .set({ contactEmail: demo!.contactEmail })
        .where(eq(organisers.id, organiserId));
    }
  });

  it("refuses a forged, another organiser's or a voided token with nothing changed", async () => {
    const { reader, received } = await deliveredToNewReader();
    const line = headerOf(received, "list-unsubscribe");
    const path = /<http:\/\/demo\.localhost([^>]+)>/.exec(line)![1]!;
    const post = (url: string, host = "demo.localhost") =>
      t.app.inject({
        method: "POST",
        url,
        headers: { host, "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
    const before = await databaseDigest(t.db);
    const forged = path.replace(/.{4}$/, "AAAA");
    for (const [url, host] of [
      [forged, "demo.localhost"],
      [path, "demo-en.localhost"],
      ["/api/newsletters/unsubscribe", "demo.localhost"],
    ] as const) {
      const response = await post(url, host);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().error).toBe("INVALID_UNSUBSCRIBE_TOKEN");
    }
    const wrongBody = await t.app.inject({
      method: "POST",
      url: path,
      headers: { host: "demo.localhost", "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=Yes",
    });
    expect(wrongBody.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(before);

    // Unsubscribed by the link, then subscribed again in the profile: the old link is void.
    expect((await post(path)).statusCode).toBe(200);
    const client = new Client(t.app, DEMO_HOST);
    await client.post("/api/auth/login", { email: reader.email, password: "secret123" });
    const session = (await client.get("/api/session")).json().customer;
    const resubscribed = await client.put("/api/session", {
      firstname: session.firstname,
      lastname: session.lastname,
      email: session.email,
      phone: session.phone,
      custom_data: [],
      newsletter: true,
    });
    expect(resubscribed.statusCode, resubscribed.body).toBe(200);
    const beforeReuse = await databaseDigest(t.db);
    const reused = await post(path);
    expect(reused.statusCode).toBe(400);
    expect(await databaseDigest(t.db)).toEqual(beforeReuse);
  });

  it("never stops transactional mail", async () => {
    const { reader } = await deliveredToNewReader();
    const line = headerOf(
      smtp.received.find((item) => item.to.includes(reader.email))!,
      "list-unsubscribe",
    );
    const path = /<http:\/\/demo\.localhost([^>]+)>/.exec(line)![1]!;
    await t.app.inject({
      method: "POST",
      url: path,
      headers: { host: "demo.localhost", "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    const reset = await new Client(t.app, DEMO_HOST).post("/api/auth/password/link", {
      email: reader.email,
    });
    expect(reset.statusCode).toBe(200);
    const mail = await lastEmailTo(t, reader.email);
    expect(mail?.source).toBe("SYSTEM");
    expect(mail?.text).toContain("token=");
  });
});

describe("subscribers", () => {
  it("lists the consenting customers with date and source, under its own permission", async () => {
    const reader = await customer(true);
    const list = await owner.get(`/api/admin/newsletters/subscribers?q=${reader.email}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({
      count: 1,
      data: [{ email: reader.email, source: "REGISTER" }],
    });
    const staff = await collaboratorWith(t, ["newsletters.newsletters.read"]);
    expect((await staff.client.get("/api/admin/newsletters/subscribers")).statusCode).toBe(403);
  });
});
