import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { createDatabase, createDatabaseFromTemplate, type Database, messages } from "@booking/db";
import { eq } from "@booking/db/orm";
import { SENDING_LEASE_MS } from "@booking/domain";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { queueMessage } from "../src/modules/messages/queue.ts";
import { sweepDueMessages } from "../src/modules/messages/sweeper.ts";
import { startSmtpServer } from "./smtp-fixtures.ts";

const WORKER = fileURLToPath(new URL("./fixtures/deliver-message.ts", import.meta.url));

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

async function rowOf(id: number) {
  const [row] = await database.db.select().from(messages).where(eq(messages.id, id));
  return row!;
}

describe("a worker killed between the SMTP server's acceptance and the mark", () => {
  it("leaves the message SENDING; it is resent once with the same Message-ID, marked uncertain", async () => {
    let worker: ReturnType<typeof spawn> | undefined;
    const smtp = await startSmtpServer({
      // The first copy is in the server's hands: the worker dies before it can mark it SENT.
      onAccepted: () => {
        if (worker?.exitCode === null) worker.kill("SIGKILL");
      },
    });
    try {
      const id = await queueMessage(database.db, {
        organiserId: null,
        to: "crash@example.org",
        subject: "Rappel",
        html: "<p>Rendez-vous samedi</p>",
        text: "Rendez-vous samedi",
      });
      worker = spawn(process.execPath, [WORKER, copy.url, smtp.url, String(id)], {
        stdio: "inherit",
      });
      const exit = await new Promise<NodeJS.Signals | null>((resolve) =>
        worker!.on("exit", (_code, signal) => resolve(signal)),
      );
      expect(exit).toBe("SIGKILL");
      expect(smtp.received).toHaveLength(1);
      const stranded = await rowOf(id!);
      expect(stranded).toMatchObject({ status: "SENDING", attempts: 1, uncertain: false });

      // Before the attempt's lease runs out nothing happens: it could be a slow, live attempt.
      const senders = {
        mail: createMailTransport(smtp.url, "Test <no-reply@example.org>"),
        sms: null,
      };
      const early = new Date(stranded.nextAttemptAt!.getTime() - 1000);
      expect(await sweepDueMessages(database.db, early)).not.toContain(id);
      await deliverMessage(database.db, senders, id!, early);
      expect(smtp.received).toHaveLength(1);

      const later = new Date(Date.now() + SENDING_LEASE_MS);
      // The sweep finds it again (the demo's own queued messages are not this test's to send).
      expect(await sweepDueMessages(database.db, later)).toContain(id);
      await deliverMessage(database.db, senders, id!, later);
      await Promise.all([
        deliverMessage(database.db, senders, id!, later),
        deliverMessage(database.db, senders, id!, later),
      ]);
      expect(smtp.received).toHaveLength(2);
      const [first, second] = smtp.received.map((mail) => mail.parsed);
      expect(second!.messageId).toBe(first!.messageId);
      expect(second!.messageId).toBe(stranded.messageId);
      expect(await rowOf(id!)).toMatchObject({ status: "SENT", attempts: 2, uncertain: true });

      const muchLater = new Date(later.getTime() + 24 * 3600_000);
      expect(await sweepDueMessages(database.db, muchLater)).not.toContain(id);
      expect(smtp.received).toHaveLength(2);
    } finally {
      worker?.kill("SIGKILL");
      await smtp.close();
    }
  });
});
