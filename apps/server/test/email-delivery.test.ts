import { createDatabase, createDatabaseFromTemplate, type Database, messages } from "@booking/db";
import { eq } from "@booking/db/orm";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startEmailWorker } from "../src/jobs/email-worker.ts";
import { type JobQueue, startJobQueue } from "../src/jobs/queue.ts";
import { deliverQueuedEmail } from "../src/modules/mail/delivery.ts";
import { queueEmail } from "../src/modules/mail/outbox.ts";
import { createMailTransport } from "../src/modules/mail/transport.ts";

let database: { db: Database; close(): Promise<void> };
let copy: { url: string; drop(): Promise<void> };
beforeAll(async () => {
  copy = await createDatabaseFromTemplate(inject("databaseAdminUrl"), inject("templateDatabase"));
  database = createDatabase(copy.url);
});
afterAll(async () => {
  await database.close();
  await copy.drop();
});

const message = (to: string) => ({
  organiserId: null,
  to,
  subject: "Bienvenue",
  html: "<p>Bonjour</p>",
  text: "Bonjour",
});

async function statusOf(id: number) {
  const [row] = await database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

/** A real SMTP server on a free loopback port that keeps what it receives. */
async function startSmtpServer() {
  const received: Array<{ to: string[]; raw: string }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString("utf8");
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("e-mail delivery", () => {
  it("keeps e-mails in the development outbox when no SMTP is configured, once", async () => {
    const id = await queueEmail(database.db, message("outbox@example.org"));
    expect((await statusOf(id)).status).toBe("QUEUED");
    await deliverQueuedEmail(database.db, null, id);
    expect((await statusOf(id)).status).toBe("OUTBOX");
    await deliverQueuedEmail(database.db, null, id);
    expect((await statusOf(id)).status).toBe("OUTBOX");
  });

  it("sends through a real SMTP server, exactly once", async () => {
    const smtp = await startSmtpServer();
    try {
      const transport = createMailTransport(smtp.url, "Test <no-reply@example.org>");
      const id = await queueEmail(database.db, message("smtp@example.org"));
      await deliverQueuedEmail(database.db, transport, id);
      await deliverQueuedEmail(database.db, transport, id);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(["smtp@example.org"]);
      expect(smtp.received[0]!.raw).toContain("Subject: Bienvenue");
      const row = await statusOf(id);
      expect(row.status).toBe("SENT");
      expect(row.sentAt).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it("leaves the e-mail queued when SMTP fails, so the job is retried", async () => {
    const transport = createMailTransport("smtp://127.0.0.1:9", "Test <no-reply@example.org>");
    const id = await queueEmail(database.db, message("down@example.org"));
    await expect(deliverQueuedEmail(database.db, transport, id)).rejects.toThrow();
    expect((await statusOf(id)).status).toBe("QUEUED");
  });

  it("the emails queue worker delivers a dispatched e-mail", async () => {
    const log = pino({ level: "silent" });
    let queue: JobQueue | undefined;
    let stopSweeper: (() => void) | undefined;
    try {
      queue = await startJobQueue(copy.url, log);
      stopSweeper = await startEmailWorker(queue, database.db, null, log);
      const id = await queueEmail(database.db, message("queue@example.org"));
      await queue.send("emails", { email_id: id });
      await expect
        .poll(async () => (await statusOf(id)).status, { timeout: 15_000, interval: 200 })
        .toBe("OUTBOX");
    } finally {
      stopSweeper?.();
      await queue?.stop();
    }
  });
});
