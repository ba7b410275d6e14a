import { messages, organisers } from "@booking/db";
import { eq } from "@booking/db/orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCredentialsCipher } from "../src/modules/organisers/credentials.ts";
import { openSmsCredentials } from "../src/modules/sms/credentials.ts";
import { recentMonths, smsUsage } from "../src/modules/sms/usage.ts";
import {
  collaboratorWith,
  consoleLogin,
  DEMO_OWNER_EMAIL,
  lastAuditByAction,
  organiserIdOf,
} from "./console-fixtures.ts";
import { type Client, createTestApp, TEST_SECRET, type TestApp } from "./harness.ts";

let t: TestApp;
let owner: Client;
let demoId: number;

beforeAll(async () => {
  t = await createTestApp();
  owner = await consoleLogin(t.app, DEMO_OWNER_EMAIL);
  demoId = await organiserIdOf(t.db, "demo");
});
afterAll(() => t.close());

const ACCOUNT_SID = `AC${"0123456789abcdef".repeat(2)}`;
const AUTH_TOKEN = "fedcba9876543210".repeat(2);
const credentials = {
  provider: "twilio",
  account_sid: ACCOUNT_SID,
  auth_token: AUTH_TOKEN,
  from: "0470 12 34 56",
};

async function demoRow() {
  const [row] = await t.db.select().from(organisers).where(eq(organisers.id, demoId));
  return row!;
}

describe("SMS settings", () => {
  it("starts with no sender name, no own account, the §9 unit amount", async () => {
    const read = await owner.get("/api/admin/settings/sms");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      sender_name: null,
      own_provider: null,
      platform_provider: false,
      unit_amount: 15,
      currency: "EUR",
    });
  });

  it("stores the own account encrypted at rest, answers only 'configured' and audits no secret", async () => {
    const saved = await owner.put("/api/admin/settings/sms", {
      sender_name: " Explorers ",
      credentials,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ sender_name: "Explorers", own_provider: "configured" });
    for (const body of [saved.body, (await owner.get("/api/admin/settings/sms")).body]) {
      expect(body).not.toContain(AUTH_TOKEN);
      expect(body).not.toContain(ACCOUNT_SID);
    }

    const row = await demoRow();
    expect(row.smsSenderName).toBe("Explorers");
    expect(row.smsCredentialsEncrypted).toMatch(/^v1\./);
    expect(row.smsCredentialsEncrypted).not.toContain(AUTH_TOKEN);
    expect(row.smsCredentialsEncrypted).not.toContain(ACCOUNT_SID);
    // It opens with the server's secret, for this organiser only; the number is stored in E.164.
    const cipher = createCredentialsCipher(TEST_SECRET);
    expect(openSmsCredentials(cipher, demoId, row.smsCredentialsEncrypted!)).toEqual({
      ...credentials,
      from: "+32470123456",
    });
    expect(() => openSmsCredentials(cipher, demoId + 1, row.smsCredentialsEncrypted!)).toThrow();

    const audit = await lastAuditByAction(t.db, demoId, "organiser.sms_updated");
    expect(audit!.before).toEqual({ sender_name: null, credentials: null });
    expect(audit!.after).toEqual({ sender_name: "Explorers", credentials: "set" });
    const logs = await owner.get("/api/admin/audit-logs?entity=organiser");
    expect(logs.body).not.toContain(AUTH_TOKEN);
  });

  it("keeps the account when the body leaves it out, removes it on null", async () => {
    const kept = await owner.put("/api/admin/settings/sms", { sender_name: "" });
    expect(kept.json()).toMatchObject({ sender_name: null, own_provider: "configured" });
    expect((await demoRow()).smsCredentialsEncrypted).not.toBeNull();

    const removed = await owner.put("/api/admin/settings/sms", {
      sender_name: null,
      credentials: null,
    });
    expect(removed.json()).toMatchObject({ own_provider: null });
    expect((await demoRow()).smsCredentialsEncrypted).toBeNull();
    const audit = await lastAuditByAction(t.db, demoId, "organiser.sms_updated");
    expect(audit!.after).toEqual({ credentials: "removed" });
  });

  it("says 'unreadable' when the stored account does not open with the server's secret", async () => {
    const foreign = createCredentialsCipher("another-secret-another-secret-0123456789");
    await t.db
      .update(organisers)
      .set({ smsCredentialsEncrypted: foreign.seal("{}", `organiser:${demoId}:sms-credentials`) })
      .where(eq(organisers.id, demoId));
    expect((await owner.get("/api/admin/settings/sms")).json().own_provider).toBe("unreadable");
    await t.db
      .update(organisers)
      .set({ smsCredentialsEncrypted: null })
      .where(eq(organisers.id, demoId));
  });

  it("refuses bad input with field codes and changes nothing", async () => {
    const before = await demoRow();
    const cases: [unknown, Record<string, string>][] = [
      [{ sender_name: "Twelve chars" }, { sender_name: "INVALID_SMS_SENDER" }],
      [{ sender_name: "0470123456" }, { sender_name: "INVALID_SMS_SENDER" }],
      [{ sender_name: "Été club" }, { sender_name: "INVALID_SMS_SENDER" }],
      [
        { sender_name: null, credentials: { ...credentials, account_sid: "AC123" } },
        { "credentials.account_sid": "INVALID_FORMAT" },
      ],
      [
        { sender_name: null, credentials: { ...credentials, auth_token: "secret" } },
        { "credentials.auth_token": "INVALID_FORMAT" },
      ],
      [
        { sender_name: null, credentials: { ...credentials, from: "02 512 34 56" } },
        { "credentials.from": "INVALID_PHONE_NUMBER" },
      ],
      [
        { sender_name: null, credentials: { ...credentials, from: "Way too long sender" } },
        { "credentials.from": "INVALID_SMS_SENDER" },
      ],
      [
        { sender_name: null, credentials: { ...credentials, provider: "vonage" } },
        { "credentials.provider": "INVALID_CHOICE" },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await owner.put("/api/admin/settings/sms", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ error: "VALIDATION_ERROR", fields });
    }
    const after = await demoRow();
    expect([after.smsSenderName, after.smsCredentialsEncrypted]).toEqual([
      before.smsSenderName,
      before.smsCredentialsEncrypted,
    ]);
  });

  it("needs organiser.preferences.read to read and .update to save", async () => {
    const reader = await collaboratorWith(t, ["organiser.preferences.read"]);
    expect((await reader.client.get("/api/admin/settings/sms")).statusCode).toBe(200);
    expect((await reader.client.get("/api/admin/settings/sms/usage")).statusCode).toBe(200);
    const refused = await reader.client.put("/api/admin/settings/sms", { sender_name: "Club" });
    expect(refused.statusCode).toBe(403);
    const nobody = await collaboratorWith(t, ["organiser.account.read"]);
    expect((await nobody.client.get("/api/admin/settings/sms")).statusCode).toBe(403);
    expect((await nobody.client.get("/api/admin/settings/sms/usage")).statusCode).toBe(403);
  });
});

describe("SMS usage", () => {
  async function sms(values: Partial<typeof messages.$inferInsert>) {
    await t.db.insert(messages).values({
      organiserId: demoId,
      channel: "SMS",
      toAddress: "+32470123456",
      text: "Rappel : demain 10h",
      messageId: `<${Math.random()}@test.invalid>`,
      status: "SENT",
      ...values,
    });
  }

  it("lists twelve months in the organiser's time zone, the most recent first", () => {
    const months = recentMonths(new Date("2026-12-31T23:30:00Z"), "Europe/Brussels");
    expect(months).toHaveLength(12);
    expect(months[0]).toBe("2027-01");
    expect(months[1]).toBe("2026-12");
    expect(months[11]).toBe("2026-02");
  });

  it("counts the SENT SMS per month, each part at the unit amount; not outbox, failed or others'", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const long = "a".repeat(200); // two parts
    await sms({ sentAt: new Date("2026-11-02T09:00:00Z") });
    await sms({ sentAt: new Date("2026-11-03T09:00:00Z") });
    await sms({ sentAt: new Date("2026-11-04T09:00:00Z"), text: long });
    // 31 October 23:30 UTC is 1 November in Brussels.
    await sms({ sentAt: new Date("2026-10-31T23:30:00Z"), text: "Fête 🎉" });
    await sms({ sentAt: new Date("2026-10-15T09:00:00Z"), text: long });
    await sms({ sentAt: new Date("2025-10-15T09:00:00Z") }); // older than 12 months
    await sms({ status: "OUTBOX", sentAt: null });
    await sms({ status: "FAILED", sentAt: null });
    await sms({ channel: "EMAIL", subject: "Mail", sentAt: new Date("2026-11-02T09:00:00Z") });
    const other = await organiserIdOf(t.db, "demo-en");
    await sms({ organiserId: other, sentAt: new Date("2026-11-02T09:00:00Z") });

    const usage = await smsUsage(
      t.db,
      { id: demoId, timezone: "Europe/Brussels", currency: "EUR" },
      15,
      now,
    );
    expect(usage.months).toHaveLength(12);
    expect(usage.months[0]).toEqual({ month: "2026-11", messages: 4, segments: 5, amount: 75 });
    expect(usage.months[1]).toEqual({ month: "2026-10", messages: 1, segments: 2, amount: 30 });
    expect(usage.months.slice(2).every((month) => month.messages === 0)).toBe(true);

    const api = await owner.get("/api/admin/settings/sms/usage");
    expect(api.statusCode).toBe(200);
    expect(api.json()).toMatchObject({ unit_amount: 15, currency: "EUR" });
    expect(api.json().months).toHaveLength(12);
  });
});
