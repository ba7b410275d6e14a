import { generateKeyPairSync } from "node:crypto";
import {
  createDatabase,
  createDatabaseFromTemplate,
  type Database,
  messages,
  organisers,
} from "@booking/db";
import { asc, eq, inArray } from "@booking/db/orm";
import { RETRY_DELAY_FIRST_MS, SENDING_LEASE_MS } from "@booking/domain";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { startEmailWorker } from "../src/jobs/email-worker.ts";
import { type JobQueue, startJobQueue } from "../src/jobs/queue.ts";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage, type MessageSenders } from "../src/modules/messages/delivery.ts";
import {
  cancelPendingMessages,
  type NewMessage,
  queueMessage,
  queueMessages,
} from "../src/modules/messages/queue.ts";
import { sweepDueMessages } from "../src/modules/messages/sweeper.ts";
import { freePort, startSmtpServer } from "./smtp-fixtures.ts";

let database: { db: Database; close(): Promise<void> };
let copy: { url: string; drop(): Promise<void> };
let organiserIds: number[];
beforeAll(async () => {
  copy = await createDatabaseFromTemplate(inject("databaseAdminUrl"), inject("templateDatabase"));
  database = createDatabase(copy.url);
  const rows = await database.db
    .select({ id: organisers.id })
    .from(organisers)
    .orderBy(asc(organisers.id));
  organiserIds = rows.map((row) => row.id);
});
afterAll(async () => {
  await database.close();
  await copy.drop();
});

const FROM = "Test <no-reply@example.org>";
const noProviders: MessageSenders = { mail: null, sms: null };

const email = (to: string, extra: Partial<NewMessage> = {}): NewMessage => ({
  organiserId: null,
  to,
  subject: "Bienvenue",
  html: "<p>Bonjour <strong>Anna</strong></p>",
  text: "Bonjour Anna",
  ...extra,
});

async function rowOf(id: number) {
  const [row] = await database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

/** Sweeps at `now` and delivers what is due, as the worker does. */
async function sweepAndDeliver(senders: MessageSenders, now: Date) {
  const due = await sweepDueMessages(database.db, now);
  for (const id of due) await deliverMessage(database.db, senders, id, now);
  return due;
}

describe("queueing messages", () => {
  it("queues once per organiser and idempotency key, in one statement for many", async () => {
    const [first, second] = organiserIds;
    const key = `rule:r1:e1:${Date.now()}`;
    const id = await queueMessage(
      database.db,
      email("key@example.org", { organiserId: first!, idempotencyKey: key }),
    );
    expect(id).toBeTypeOf("number");
    expect(
      await queueMessage(
        database.db,
        email("key@example.org", { organiserId: first!, idempotencyKey: key }),
      ),
    ).toBeNull();
    const other = await queueMessage(
      database.db,
      email("key@example.org", { organiserId: second!, idempotencyKey: key }),
    );
    expect(other).toBeTypeOf("number");
    const batch = await queueMessages(database.db, [
      email("a@example.org", { organiserId: first!, idempotencyKey: `${key}:a` }),
      email("a@example.org", { organiserId: first!, idempotencyKey: key }),
      email("b@example.org", { organiserId: first!, idempotencyKey: `${key}:b` }),
      email("c@example.org", { organiserId: first! }),
    ]);
    expect(batch).toHaveLength(3);
    const rows = await database.db.select().from(messages).where(inArray(messages.id, batch));
    expect(rows.map((row) => row.toAddress).sort()).toEqual([
      "a@example.org",
      "b@example.org",
      "c@example.org",
    ]);
    expect(new Set(rows.map((row) => row.messageId)).size).toBe(3);
    for (const row of rows) expect(row.messageId).toMatch(/^<[0-9a-f-]{36}@[^>]+>$/);
  });

  it("cancels pending messages by id or key prefix, never one already sent or another organiser's", async () => {
    const [first, second] = organiserIds;
    const prefix = `manual:m_${Date.now()}:`;
    const [a, b, c] = await queueMessages(database.db, [
      email("x@example.org", { organiserId: first!, idempotencyKey: `${prefix}1` }),
      email("y@example.org", {
        organiserId: first!,
        idempotencyKey: `${prefix}2`,
        sendAt: new Date(Date.now() + 3600_000),
      }),
      email("z@example.org", { organiserId: first!, idempotencyKey: `${prefix}3` }),
    ]);
    const foreign = await queueMessage(
      database.db,
      email("w@example.org", { organiserId: second!, idempotencyKey: `${prefix}1` }),
    );
    const likeWildcard = await queueMessage(
      database.db,
      email("v@example.org", { organiserId: first!, idempotencyKey: "manual:mX" }),
    );
    await deliverMessage(database.db, noProviders, c!);
    expect((await rowOf(b!)).status).toBe("SCHEDULED");

    expect(await cancelPendingMessages(database.db, first!, { keyPrefix: prefix })).toBe(2);
    expect(
      await cancelPendingMessages(database.db, first!, {
        keyPrefix: "manual:m_",
      }),
    ).toBe(0);
    expect(await cancelPendingMessages(database.db, first!, {})).toBe(0);
    expect((await rowOf(a!)).status).toBe("CANCELLED");
    expect((await rowOf(b!)).status).toBe("CANCELLED");
    expect((await rowOf(c!)).status).toBe("OUTBOX");
    expect((await rowOf(foreign!)).status).toBe("QUEUED");
    expect((await rowOf(likeWildcard!)).status).toBe("QUEUED");

    expect(await cancelPendingMessages(database.db, first!, { ids: [likeWildcard!] })).toBe(1);
    await deliverMessage(database.db, noProviders, a!);
    await sweepAndDeliver(noProviders, new Date(Date.now() + 7200_000));
    expect((await rowOf(a!)).status).toBe("CANCELLED");
    expect((await rowOf(b!)).status).toBe("CANCELLED");
  });
});

describe("delivering messages", () => {
  it("keeps e-mails and SMS in the development outbox without a provider, once", async () => {
    const mail = await queueMessage(database.db, email("outbox@example.org"));
    const sms = await queueMessage(database.db, {
      organiserId: null,
      channel: "SMS",
      to: "+32470123456",
      text: "Rendez-vous samedi",
    });
    for (const id of [mail!, sms!]) {
      expect((await rowOf(id)).status).toBe("QUEUED");
      await deliverMessage(database.db, noProviders, id);
      await deliverMessage(database.db, noProviders, id);
      expect((await rowOf(id)).status).toBe("OUTBOX");
      expect((await rowOf(id)).attempts).toBe(1);
    }
  });

  it("sends through a real SMTP server with its headers, Message-ID, plain-text part and attachments", async () => {
    const smtp = await startSmtpServer();
    try {
      const senders = { mail: createMailTransport(smtp.url, FROM), sms: null };
      const pdf = Buffer.from("%PDF-1.4 test document");
      const id = await queueMessage(
        database.db,
        email("parent@example.org", {
          headers: {
            "List-Unsubscribe": "<https://demo.example.org/newsletters/unsubscribe?token=abc>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
          attachments: [
            {
              filename: "invitation.ics",
              contentType: "text/calendar",
              contentBase64: Buffer.from("BEGIN:VCALENDAR").toString("base64"),
            },
            {
              filename: "attestation.pdf",
              contentType: "application/pdf",
              contentBase64: pdf.toString("base64"),
            },
          ],
        }),
      );
      await deliverMessage(database.db, senders, id!);
      await deliverMessage(database.db, senders, id!);
      expect(smtp.received).toHaveLength(1);
      const { parsed, to } = smtp.received[0]!;
      const row = await rowOf(id!);
      expect(to).toEqual(["parent@example.org"]);
      expect(parsed.subject).toBe("Bienvenue");
      expect(parsed.messageId).toBe(row.messageId);
      expect(parsed.text?.trim()).toBe("Bonjour Anna");
      expect(parsed.html).toContain("<strong>Anna</strong>");
      const header = (key: string) =>
        parsed.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n\s+/g, " ");
      expect(header("list-unsubscribe-post")).toBe(
        "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
      );
      expect(header("list-unsubscribe")).toBe(
        "List-Unsubscribe: <https://demo.example.org/newsletters/unsubscribe?token=abc>",
      );
      expect(parsed.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        ["invitation.ics", "text/calendar"],
        ["attestation.pdf", "application/pdf"],
      ]);
      expect(parsed.attachments[1]!.content.equals(pdf)).toBe(true);
      expect(row.status).toBe("SENT");
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
      expect(row.uncertain).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it("signs every e-mail with the DKIM key of DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const env = {
      DATA_DIR: "/tmp/pipeline-dkim-config",
      DKIM_DOMAIN: "Example.org",
      DKIM_SELECTOR: "mail2026",
    };
    // One line in the environment, its line breaks written \n.
    const config = loadConfig({ ...env, DKIM_PRIVATE_KEY: pem.replaceAll("\n", "\\n") });
    expect(config.dkim).toEqual({
      domainName: "example.org",
      keySelector: "mail2026",
      privateKey: pem.trim(),
    });
    expect(loadConfig({ DATA_DIR: env.DATA_DIR }).dkim).toBeNull();
    expect(() => loadConfig({ ...env })).toThrow(/DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, DKIM_PRIVATE_KEY: "not a key" })).toThrow(/PEM/);

    const smtp = await startSmtpServer();
    try {
      const senders = { mail: createMailTransport(smtp.url, FROM, config.dkim), sms: null };
      const id = await queueMessage(database.db, email("signed@example.org"));
      await deliverMessage(database.db, senders, id!);
      const signature = smtp.received[0]!.parsed.headerLines.find(
        (line) => line.key === "dkim-signature",
      )!.line;
      expect(signature).toMatch(/\bd=example\.org;/);
      expect(signature).toMatch(/\bs=mail2026;/);
      expect(signature).toMatch(/\bh=[^;]*Message-ID/i);
      expect((await rowOf(id!)).status).toBe("SENT");
    } finally {
      await smtp.close();
    }
  });

  it("sends a scheduled message only once its time came", async () => {
    const smtp = await startSmtpServer();
    try {
      const senders = { mail: createMailTransport(smtp.url, FROM), sms: null };
      const sendAt = new Date(Date.now() + 24 * 3600_000);
      const id = await queueMessage(database.db, email("later@example.org", { sendAt }));
      expect((await rowOf(id!)).status).toBe("SCHEDULED");
      await deliverMessage(database.db, senders, id!);
      expect(await sweepAndDeliver(senders, new Date(sendAt.getTime() - 1000))).not.toContain(id);
      expect((await rowOf(id!)).status).toBe("SCHEDULED");
      await sweepAndDeliver(senders, sendAt);
      expect((await rowOf(id!)).status).toBe("SENT");
      expect(smtp.received.map((mail) => mail.to[0])).toEqual(["later@example.org"]);
    } finally {
      await smtp.close();
    }
  });

  it("waits with backoff while the SMTP server is down for 12 minutes, then delivers once", async () => {
    const port = await freePort();
    const senders = { mail: createMailTransport(`smtp://127.0.0.1:${port}`, FROM), sms: null };
    const id = await queueMessage(database.db, email("outage@example.org"));
    const start = new Date();
    await deliverMessage(database.db, senders, id!, start);
    let row = await rowOf(id!);
    expect(row).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(row.lastError).toBeTruthy();
    expect(row.nextAttemptAt!.getTime()).toBe(start.getTime() + RETRY_DELAY_FIRST_MS);

    // The sweeper runs every few seconds; the clock moves through 12 minutes of outage.
    const attemptsAt: number[] = [];
    for (let minute = 0; minute <= 12 * 4; minute++) {
      const now = new Date(start.getTime() + minute * 15_000);
      if ((await sweepAndDeliver(senders, now)).includes(id!)) attemptsAt.push(minute * 15);
    }
    row = await rowOf(id!);
    expect(row.status).toBe("QUEUED");
    expect(attemptsAt).toEqual([30, 90, 210, 450]);
    expect(row.attempts).toBe(5);

    const smtp = await startSmtpServer({ port });
    try {
      const back = new Date(start.getTime() + 13 * 60_000);
      expect(await sweepAndDeliver(senders, back)).toEqual([]);
      await sweepAndDeliver(senders, row.nextAttemptAt!);
      await sweepAndDeliver(senders, new Date(row.nextAttemptAt!.getTime() + 60_000));
      expect(smtp.received).toHaveLength(1);
      row = await rowOf(id!);
      expect(row).toMatchObject({ status: "SENT", attempts: 6, lastError: null, uncertain: false });
    } finally {
      await smtp.close();
    }
  });

  it("fails for good with the reason when the SMTP server rejects the recipient", async () => {
    const smtp = await startSmtpServer({
      rejectRecipient: (address) => address.startsWith("nobody@"),
    });
    try {
      const senders = { mail: createMailTransport(smtp.url, FROM), sms: null };
      const id = await queueMessage(database.db, email("nobody@example.org"));
      await deliverMessage(database.db, senders, id!);
      const row = await rowOf(id!);
      expect(row.status).toBe("FAILED");
      expect(row.lastError).toContain("mailbox unavailable");
      expect(row.nextAttemptAt).toBeNull();
      expect(await sweepAndDeliver(senders, new Date(Date.now() + 3600_000))).not.toContain(id);
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it("hands SMS to the SMS sender, retrying a provider outage and failing a refused number", async () => {
    const sent: Array<{ to: string; body: string; reference: string }> = [];
    let down = true;
    const senders: MessageSenders = {
      mail: null,
      sms: {
        async send(input) {
          if (input.to === "+32400000000") {
            throw Object.assign(new Error("not a mobile number"), { retryable: false });
          }
          if (down)
            throw Object.assign(new Error("provider unavailable (503)"), { retryable: true });
          sent.push(input);
          return { providerId: `SM${sent.length}` };
        },
      },
    };
    const [ok, refused] = await queueMessages(database.db, [
      {
        organiserId: organiserIds[0]!,
        channel: "SMS",
        to: "+32470000001",
        text: "Cours annulé samedi",
      },
      {
        organiserId: organiserIds[0]!,
        channel: "SMS",
        to: "+32400000000",
        text: "Cours annulé samedi",
      },
    ]);
    const now = new Date();
    await deliverMessage(database.db, senders, ok!, now);
    await deliverMessage(database.db, senders, refused!, now);
    expect(await rowOf(ok!)).toMatchObject({
      status: "QUEUED",
      lastError: "provider unavailable (503)",
    });
    expect(await rowOf(refused!)).toMatchObject({
      status: "FAILED",
      lastError: "not a mobile number",
    });
    down = false;
    await sweepAndDeliver(senders, new Date(now.getTime() + RETRY_DELAY_FIRST_MS));
    expect(await rowOf(ok!)).toMatchObject({ status: "SENT", attempts: 2 });
    const row = await rowOf(ok!);
    expect(sent).toEqual([
      {
        organiserId: organiserIds[0],
        to: "+32470000001",
        body: "Cours annulé samedi",
        reference: row.cuid,
      },
    ]);
  });

  it("sends each message once when many workers deliver the same queue at the same time", async () => {
    const smtp = await startSmtpServer();
    try {
      const senders = { mail: createMailTransport(smtp.url, FROM), sms: null };
      const ids = await queueMessages(
        database.db,
        Array.from({ length: 40 }, (_, index) => email(`race${index}@example.org`)),
      );
      const worker = async () => {
        for (const id of ids) await deliverMessage(database.db, senders, id);
      };
      const reversed = async () => {
        for (const id of [...ids].reverse()) await deliverMessage(database.db, senders, id);
      };
      await Promise.all([worker(), reversed(), worker(), reversed(), worker(), reversed()]);
      expect(smtp.received).toHaveLength(40);
      expect(new Set(smtp.received.map((mail) => mail.to[0])).size).toBe(40);
      const rows = await database.db.select().from(messages).where(inArray(messages.id, ids));
      expect(rows.every((row) => row.status === "SENT" && row.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it("fails a message whose resend after a dead attempt died too, instead of a third copy", async () => {
    const id = await queueMessage(database.db, email("twice@example.org"));
    const past = new Date(Date.now() - SENDING_LEASE_MS - 1000);
    await database.db
      .update(messages)
      .set({ status: "SENDING", uncertain: true, attempts: 2, nextAttemptAt: past })
      .where(eq(messages.id, id!));
    expect(await sweepAndDeliver(noProviders, new Date())).not.toContain(id);
    expect(await rowOf(id!)).toMatchObject({ status: "FAILED", uncertain: true, attempts: 2 });
  });

  it("the emails queue worker delivers a dispatched message", async () => {
    const log = pino({ level: "silent" });
    let queue: JobQueue | undefined;
    let stopSweeper: (() => void) | undefined;
    try {
      queue = await startJobQueue(copy.url, log);
      stopSweeper = await startEmailWorker(queue, database.db, noProviders, log);
      const id = await queueMessage(database.db, email("queue@example.org"));
      await queue.send("emails", { email_id: id! });
      await expect
        .poll(async () => (await rowOf(id!)).status, { timeout: 15_000, interval: 200 })
        .toBe("OUTBOX");
    } finally {
      stopSweeper?.();
      await queue?.stop();
    }
  });
});
