import { PassThrough } from "node:stream";
import { customers, messages, organisers } from "@booking/db";
import { desc, eq } from "@booking/db/orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { Client, createTestApp, DEMO_HOST, DEMO_PASSWORD, type TestApp } from "./harness.ts";

let t: TestApp;
let logs = "";
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on("data", (chunk: Buffer) => {
    logs += chunk.toString("utf8");
  });
  t = await createTestApp({ logLevel: "trace", logStream: stream });
});
afterAll(() => t.close());

it("logs requests as JSON without passwords, cookies, XSRF tokens or reset tokens", async () => {
  const client = new Client(t.app, DEMO_HOST);
  await client.post("/api/auth/login", { email: "parent@demo.test", password: DEMO_PASSWORD });
  await client.post("/api/auth/password/link", { email: "parent@demo.test" });
  await t.app.afterAnswersSettled();
  const [email] = await t.db.select().from(messages).orderBy(desc(messages.id)).limit(1);
  const token = /token=([A-Za-z0-9_-]+)/.exec(email!.text)![1]!;
  await client.get(`/api/session?token=${token}`);
  await client.post("/api/auth/password", { token, password: "a-new-secret-9" });

  const lines = logs.trim().split("\n");
  expect(lines.length).toBeGreaterThan(5);
  for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
  expect(logs).toContain('"url":"/api/auth/login"');
  expect(logs).toContain("/api/session?token=[redacted]");
  for (const secret of [
    DEMO_PASSWORD,
    "a-new-secret-9",
    token,
    client.cookies.get("session")!,
    client.cookies.get("XSRF-TOKEN")!,
  ]) {
    expect(logs).not.toContain(secret);
  }
});

it("logs a failed statement by its name and error code, never its values", async () => {
  const [demo] = await t.db.select().from(organisers).where(eq(organisers.slug, "demo"));
  const row = {
    organiserId: demo!.id,
    firstname: "Zébulon-Secret",
    lastname: "Private-Lastname",
    email: "private-address@example.org",
    phone: "+32 470 99 88 77",
    customData: [{ field_id: 1, data: "allergic-to-secrets" }],
  };
  await t.db.insert(customers).values(row);
  const failure = await t.db
    .insert(customers)
    .values(row)
    .then(() => null)
    .catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Error);
  const before = logs.length;
  t.app.log.error({ err: failure }, "unhandled error");
  const line = JSON.parse(logs.slice(before).trim().split("\n").at(-1)!);
  expect(line.err).toMatchObject({
    type: "DatabaseError",
    statement: "insert customers",
    code: "23505",
    constraint: "customers_organiser_id_email_unique",
  });
  expect(line.err.stack).toMatch(/^\s+at /);
  for (const value of [row.firstname, row.lastname, row.email, row.phone, "allergic-to-secrets"]) {
    expect(logs).not.toContain(value);
  }
});
