import { PassThrough } from "node:stream";
import { emails } from "@booking/db";
import { desc } from "@booking/db/orm";
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
  const [email] = await t.db.select().from(emails).orderBy(desc(emails.id)).limit(1);
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
