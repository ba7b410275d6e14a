import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  createDatabase,
  createDatabaseFromTemplate,
  type Database,
  messages,
  organisers,
} from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { queueMessage } from "../src/modules/messages/queue.ts";
import { createCredentialsCipher } from "../src/modules/organisers/credentials.ts";
import { sealSmsCredentials } from "../src/modules/sms/credentials.ts";
import { listSmsOutbox } from "../src/modules/sms/outbox.ts";
import {
  createSmsSender,
  SmsDeliveryError,
  type SmsSenderConfig,
} from "../src/modules/sms/sender.ts";
import { sendTwilioMessage } from "../src/modules/sms/twilio.ts";
import { newTwilioAccount, startTwilioStandIn, type TwilioStandIn } from "./twilio-stand-in.ts";

const platform = newTwilioAccount();
const own = newTwilioAccount();
// The sender needs only the database (no HTTP app): a copy of the seeded template.
const TEST_SECRET = "test-secret-test-secret-test-secret-0123";
let t: { db: Database; close(): Promise<void> };
let twilio: TwilioStandIn;
let demoId: number;

beforeAll(async () => {
  const copy = await createDatabaseFromTemplate(
    inject("databaseAdminUrl"),
    inject("templateDatabase"),
  );
  const database = createDatabase(copy.url);
  t = {
    db: database.db,
    close: async () => {
      await database.close();
      await copy.drop();
    },
  };
  twilio = await startTwilioStandIn([platform, own]);
  const [demo] = await t.db
    .select({ id: organisers.id })
    .from(organisers)
    .where(eq(organisers.slug, "demo"));
  demoId = demo!.id;
});
afterAll(async () => {
  await twilio.close();
  await t.close();
});
beforeEach(async () => {
  twilio.received.length = 0;
  await t.db
    .update(organisers)
    .set({ smsSenderName: null, smsCredentialsEncrypted: null })
    .where(eq(organisers.id, demoId));
});

const account = () => ({ apiUrl: twilio.url, ...platform });
const message = { from: "+32460000000", to: "+32470123456", body: "Bonjour" };

/** The SmsDeliveryError a call throws (fails the test when it does not throw one). */
async function failureOf(call: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await call.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

describe("Twilio adapter against the stand-in", () => {
  it("posts the form with basic auth and answers Twilio's message sid", async () => {
    const sent = await sendTwilioMessage(account(), { ...message, body: "Séance annulée — 12€" });
    expect(sent.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(twilio.received).toEqual([
      {
        accountSid: platform.accountSid,
        to: "+32470123456",
        from: "+32460000000",
        body: "Séance annulée — 12€",
        sid: sent.providerId,
      },
    ]);
  });

  it("fails for good on Twilio's 4xx about the message or the account", async () => {
    const invalid = await failureOf(sendTwilioMessage(account(), { ...message, to: "+1" }));
    expect(invalid).toMatchObject({ retryable: false, providerCode: 21211 });
    expect(invalid.message).toContain("21211");

    const badToken = await failureOf(
      sendTwilioMessage({ ...account(), authToken: "0".repeat(32) }, message),
    );
    expect(badToken).toMatchObject({ retryable: false, providerCode: 20003 });

    twilio.failNext({
      status: 400,
      code: 21610,
      message: "Attempt to send to unsubscribed recipient",
    });
    expect(await failureOf(sendTwilioMessage(account(), message))).toMatchObject({
      retryable: false,
      providerCode: 21610,
    });
    expect(twilio.received).toEqual([]);
  });

  it("is retried on 5xx, rate limits and queue overflow", async () => {
    twilio.failNext(
      { status: 500, code: 20500, message: "Internal Server Error" },
      { status: 503, code: 20503, message: "Service Unavailable" },
      { status: 429, code: 20429, message: "Too Many Requests" },
      {
        status: 400,
        code: 21611,
        message: "This 'From' number has exceeded the maximum number of queued messages",
      },
    );
    for (const code of [20500, 20503, 20429, 21611]) {
      expect(await failureOf(sendTwilioMessage(account(), message))).toMatchObject({
        retryable: true,
        providerCode: code,
      });
    }
    // The provider is back: the same message goes through.
    await sendTwilioMessage(account(), message);
    expect(twilio.received).toHaveLength(1);
  });

  it("is retried when Twilio does not answer in time or cannot be reached", async () => {
    twilio.delayNext(500);
    const slow = await failureOf(sendTwilioMessage(account(), message, 100));
    expect(slow).toMatchObject({ retryable: true, message: "Twilio timed out" });

    const down = await failureOf(
      sendTwilioMessage({ ...account(), apiUrl: "http://127.0.0.1:1" }, message),
    );
    expect(down).toMatchObject({ retryable: true, message: "Twilio unreachable" });
  });
});

describe("the SMS sender of the delivery", () => {
  const config = (values: Partial<SmsSenderConfig> = {}): SmsSenderConfig => ({
    sms: { accountSid: platform.accountSid, authToken: platform.authToken, from: "Booking" },
    smsApiUrl: twilio.url,
    secret: TEST_SECRET,
    production: false,
    ...values,
  });
  const sms = { to: "+32470123456", body: "Rappel : demain 10h", reference: "m1" };

  it("is absent outside production without a platform account: SMS stay in the outbox", () => {
    expect(createSmsSender(config({ sms: null }), t.db)).toBeNull();
    expect(createSmsSender(config(), t.db)).not.toBeNull();
  });

  it("sends through the platform's account with its sender, or the organiser's sender name", async () => {
    const sender = createSmsSender(config(), t.db)!;
    await sender.send({ ...sms, organiserId: null });
    await sender.send({ ...sms, organiserId: demoId });
    await t.db
      .update(organisers)
      .set({ smsSenderName: "Explorers" })
      .where(eq(organisers.id, demoId));
    await sender.send({ ...sms, organiserId: demoId });
    expect(twilio.received.map((entry) => [entry.accountSid, entry.from])).toEqual([
      [platform.accountSid, "Booking"],
      [platform.accountSid, "Booking"],
      [platform.accountSid, "Explorers"],
    ]);
  });

  it("sends through the organiser's own account when it stored one, never the platform's", async () => {
    const cipher = createCredentialsCipher(TEST_SECRET);
    const sealed = sealSmsCredentials(cipher, demoId, {
      provider: "twilio",
      account_sid: own.accountSid,
      auth_token: own.authToken,
      from: "+32460111111",
    });
    await t.db
      .update(organisers)
      .set({ smsCredentialsEncrypted: sealed })
      .where(eq(organisers.id, demoId));
    const { providerId } = await createSmsSender(config(), t.db)!.send({
      ...sms,
      organiserId: demoId,
    });
    expect(twilio.received).toEqual([
      expect.objectContaining({
        accountSid: own.accountSid,
        from: "+32460111111",
        sid: providerId,
      }),
    ]);

    // Sealed with another secret (or copied from another organiser): fails, nothing is sent.
    const foreign = sealSmsCredentials(createCredentialsCipher("x".repeat(40)), demoId, {
      provider: "twilio",
      account_sid: own.accountSid,
      auth_token: own.authToken,
      from: "+32460111111",
    });
    await t.db
      .update(organisers)
      .set({ smsCredentialsEncrypted: foreign })
      .where(eq(organisers.id, demoId));
    const unreadable = await failureOf(
      createSmsSender(config(), t.db)!.send({ ...sms, organiserId: demoId }),
    );
    expect(unreadable).toMatchObject({ retryable: false });
    expect(twilio.received).toHaveLength(1);
  });

  it("refuses for good a number not in E.164, and an organiser without account in production", async () => {
    const sender = createSmsSender(config(), t.db)!;
    expect(
      await failureOf(sender.send({ ...sms, to: "0470123456", organiserId: demoId })),
    ).toMatchObject({ retryable: false });
    const production = createSmsSender(config({ sms: null, production: true }), t.db)!;
    const none = await failureOf(production.send({ ...sms, organiserId: demoId }));
    expect(none).toMatchObject({ retryable: false });
    expect(none.message).toContain("no SMS provider");
    expect(twilio.received).toEqual([]);
  });
});

describe("delivering an SMS of the delivery log through the sender", () => {
  const config = (): SmsSenderConfig => ({
    sms: { accountSid: platform.accountSid, authToken: platform.authToken, from: "Booking" },
    smsApiUrl: twilio.url,
    secret: TEST_SECRET,
    production: false,
  });

  async function queued(to = "+32470123456") {
    const id = await queueMessage(t.db, {
      organiserId: demoId,
      channel: "SMS",
      to,
      text: "La séance de samedi est annulée.",
      source: "MANUAL",
    });
    return id!;
  }
  const row = async (id: number) =>
    (await t.db.select().from(messages).where(eq(messages.id, id)))[0]!;

  it("marks it SENT once Twilio took it, and keeps it in the outbox without a provider", async () => {
    const sent = await queued();
    await deliverMessage(t.db, { mail: null, sms: createSmsSender(config(), t.db) }, sent);
    expect(await row(sent)).toMatchObject({ status: "SENT", lastError: null });
    expect(twilio.received).toEqual([
      expect.objectContaining({ to: "+32470123456", body: "La séance de samedi est annulée." }),
    ]);

    const kept = await queued();
    await deliverMessage(
      t.db,
      { mail: null, sms: createSmsSender({ ...config(), sms: null }, t.db) },
      kept,
    );
    expect(await row(kept)).toMatchObject({ status: "OUTBOX" });
    expect(twilio.received).toHaveLength(1);
    // The development outbox lists the kept one (not the sent one), with its parts.
    const outbox = await listSmsOutbox(t.db);
    expect(outbox.map((sms) => sms.id)).toContain(kept);
    expect(outbox.map((sms) => sms.id)).not.toContain(sent);
    expect(outbox.find((sms) => sms.id === kept)).toMatchObject({
      to: "+32470123456",
      body: "La séance de samedi est annulée.",
      segments: 1,
      organiser_name: expect.any(String),
    });
  });

  it("waits while Twilio is down and sends when it is back; fails a refused number with Twilio's reason", async () => {
    const sender = createSmsSender(config(), t.db);
    const id = await queued();
    twilio.failNext({ status: 503, code: 20503, message: "Service Unavailable" });
    const now = new Date();
    await deliverMessage(t.db, { mail: null, sms: sender }, id, now);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: "QUEUED", attempts: 1 });
    expect(waiting.lastError).toContain("20503");
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(now.getTime());
    await deliverMessage(t.db, { mail: null, sms: sender }, id, waiting.nextAttemptAt!);
    expect(await row(id)).toMatchObject({ status: "SENT", attempts: 2 });

    const refused = await queued("+999");
    await deliverMessage(t.db, { mail: null, sms: sender }, refused);
    const failed = await row(refused);
    expect(failed.status).toBe("FAILED");
    expect(failed.lastError).toContain("E.164");
  });
});

describe("the platform's SMS account in the environment", () => {
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "sms-config-")),
    TWILIO_ACCOUNT_SID: platform.accountSid,
    TWILIO_AUTH_TOKEN: platform.authToken,
    TWILIO_FROM: "+32460000000",
  };

  it("reads TWILIO_* together, Twilio's address by default", () => {
    const config = loadConfig(env);
    expect(config.sms).toEqual({
      accountSid: platform.accountSid,
      authToken: platform.authToken,
      from: "+32460000000",
    });
    expect(config.smsApiUrl).toBe("https://api.twilio.com");
    expect(loadConfig({ ...env, TWILIO_API_URL: "http://127.0.0.1:9999" }).smsApiUrl).toBe(
      "http://127.0.0.1:9999",
    );
    expect(loadConfig({ DATA_DIR: env.DATA_DIR }).sms).toBeNull();
  });

  it("refuses to start with only some of them", () => {
    expect(() => loadConfig({ ...env, TWILIO_FROM: undefined })).toThrow(
      /TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together/,
    );
  });
});
