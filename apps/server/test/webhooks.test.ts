import { createHmac, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { events, messages, registrations, webhookEndpoints, withTenant } from "@booking/db";
import { and, eq, ilike } from "@booking/db/orm";
import { WEBHOOK_DISABLE_AFTER_FAILURES } from "@booking/domain";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import type { JobQueue } from "../src/jobs/queue.ts";
import { relayWebhookAttempts } from "../src/jobs/webhooks.ts";
import { emitEvent } from "../src/modules/events/emit.ts";
import { attemptDelivery, type WebhookJob } from "../src/modules/integrations/delivery.ts";
import { postOutbound } from "../src/modules/integrations/outbound-http.ts";
import { createMailTransport } from "../src/modules/mail/transport.ts";
import { deliverMessage } from "../src/modules/messages/delivery.ts";
import { createCredentialsCipher } from "../src/modules/organisers/credentials.ts";
import { DEMO_OWNER_EMAIL, demoConsole, lastAuditByAction } from "./console-fixtures.ts";
import { type Client, runNotificationJobs, TEST_SECRET, type TestApp } from "./harness.ts";
import { startSmtpServer } from "./smtp-fixtures.ts";

/** A local receiver answering each request with the next status of `answers` (the last repeats). */
interface Receiver {
  url: string;
  port: number;
  received: { headers: IncomingHttpHeaders; body: string }[];
  answers: { status: number; headers?: Record<string, string> }[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { received: [], answers: [{ status: 200 }] } as unknown as Receiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const index = Math.min(receiver.received.length, receiver.answers.length - 1);
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const answer = receiver.answers[index]!;
      response.writeHead(answer.status, answer.headers).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

/** The README's verification example, as a receiver would write it. */
function verifyWebhook(secret: string, headers: IncomingHttpHeaders, rawBody: string): boolean {
  const timestamp = String(headers["webhook-timestamp"]);
  const expected = createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex");
  const given = String(headers["webhook-signature"]).replace(/^v1=/, "");
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 300;
  return (
    fresh &&
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  );
}

let t: TestApp;
let organiserId: number;
let owner: Client;
let receiver: Receiver;
/** A second local server, never allow-listed: what SSRF attempts aim at. */
let internal: Receiver;
const dispatched: number[] = [];

beforeAll(async () => {
  ({ t, organiserId, owner } = await demoConsole());
  receiver = await startReceiver();
  internal = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await internal.close();
  await t.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answers = [{ status: 200 }];
  internal.received.length = 0;
});

function deps(resolve?: (host: string) => Promise<{ address: string; family: number }[]>) {
  return {
    cipher: createCredentialsCipher(TEST_SECRET),
    policy: {
      allowedTargets: new Set([`127.0.0.1:${receiver.port}`]),
      httpsOnly: false,
      resolve,
    },
    urls: t.app.publicUrls,
    dispatchEmail: async (id: number) => {
      dispatched.push(id);
    },
    now: () => new Date(),
  };
}

/** The jobs the relay hands to the `webhooks` queue now. */
async function relayed(): Promise<{ data: WebhookJob; startAfter: Date }[]> {
  const jobs: { data: WebhookJob; startAfter: Date }[] = [];
  const queue = {
    boss: { insert: async (_name: string, list: typeof jobs) => jobs.push(...list) },
  } as unknown as JobQueue;
  await relayWebhookAttempts(t.db, queue);
  return jobs;
}

/** Runs every attempt the relay hands over, until none is left. */
async function runAllAttempts(resolve?: Parameters<typeof deps>[0]): Promise<number> {
  let made = 0;
  for (let jobs = await relayed(); jobs.length > 0; jobs = await relayed()) {
    for (const job of jobs) if (await attemptDelivery(t.db, job.data, deps(resolve))) made++;
  }
  return made;
}

async function subscribe(url: string, eventTypes = ["registration.created"]) {
  const response = await owner.post("/api/admin/integrations/webhooks", {
    url,
    description: "Our CRM",
    event_types: eventTypes,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { cuid: string; signing_secret: string };
}

async function unsubscribe(cuid: string) {
  expect((await owner.delete(`/api/admin/integrations/webhooks/${cuid}`)).statusCode).toBe(200);
}

/** A `registration.created` event of one of the demo's registrations, consumed at once. */
async function registrationCreated(): Promise<string> {
  const [registration] = await t.db
    .select({ cuid: registrations.cuid })
    .from(registrations)
    .where(eq(registrations.organiserId, organiserId))
    .limit(1);
  const cuid = await withTenant(t.db, organiserId, (tx) =>
    emitEvent(tx, organiserId, "registration.created", {
      registration_cuid: registration!.cuid,
    }),
  );
  await runNotificationJobs(t);
  return cuid;
}

async function deliveriesOf(endpointCuid: string) {
  const response = await owner.get(`/api/admin/integrations/webhooks/${endpointCuid}/deliveries`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as {
    cuid: string;
    status: string;
    attempts: number;
    event_cuid: string;
    last_response_code: number | null;
    attempt_log: { attempt: number; response_code: number | null; duration_ms: number }[];
  }[];
}

describe("webhook endpoints", () => {
  it("subscribes an address to events of the catalogue, audited, and refuses what is not one", async () => {
    const endpoint = await subscribe(receiver.url, ["registration.created", "cart.processed"]);
    expect(endpoint.signing_secret).toMatch(/^whsec_/);
    const audit = await lastAuditByAction(t.db, organiserId, "webhook.created");
    expect(JSON.stringify(audit)).not.toContain(endpoint.signing_secret);
    const [stored] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.cuid, endpoint.cuid));
    // The secret is kept sealed, not as shown.
    expect(stored!.signingSecret).not.toContain(endpoint.signing_secret);
    for (const body of [
      { url: "ftp://example.org/x", event_types: ["cart.processed"] },
      { url: "https://user:pass@example.org/x", event_types: ["cart.processed"] },
      { url: "https://example.org/x", event_types: ["no.such.event"] },
      { url: "https://example.org/x", event_types: [] },
    ]) {
      const response = await owner.post("/api/admin/integrations/webhooks", body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    await unsubscribe(endpoint.cuid);
  });

  it("delivers a signed event that the README's example verifies, once per event", async () => {
    const endpoint = await subscribe(receiver.url);
    const eventCuid = await registrationCreated();
    expect(await runAllAttempts()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(verifyWebhook(endpoint.signing_secret, request!.headers, request!.body)).toBe(true);
    expect(verifyWebhook(endpoint.signing_secret, request!.headers, `${request!.body} `)).toBe(
      false,
    );
    expect(verifyWebhook("whsec_other", request!.headers, request!.body)).toBe(false);
    expect(JSON.parse(request!.body)).toMatchObject({
      id: eventCuid,
      type: "registration.created",
      data: { registration_cuid: expect.any(String) },
    });
    expect(request!.headers["webhook-event"]).toBe("registration.created");
    // The event consumed again (at-least-once) delivers nothing more.
    const [event] = await t.db.select().from(events).where(eq(events.cuid, eventCuid));
    await t.db.update(events).set({ publishedAt: null }).where(eq(events.id, event!.id));
    await runNotificationJobs(t);
    expect(await runAllAttempts()).toBe(0);
    const [delivery] = await deliveriesOf(endpoint.cuid);
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attempts: 1, last_response_code: 200 });
    await unsubscribe(endpoint.cuid);
  });

  it("retries with backoff when the receiver fails, then logs each attempt", async () => {
    const endpoint = await subscribe(receiver.url);
    receiver.answers = [{ status: 500 }, { status: 200 }];
    await registrationCreated();
    const [first] = await relayed();
    const failedAt = Date.now();
    await attemptDelivery(t.db, first!.data, deps());
    let [delivery] = await deliveriesOf(endpoint.cuid);
    expect(delivery).toMatchObject({ status: "PENDING", attempts: 1, last_response_code: 500 });
    // The second attempt is queued to start a minute later (exponential backoff from 1 min).
    const [second] = await relayed();
    expect(second!.data.attempt).toBe(2);
    const wait = second!.startAfter.getTime() - failedAt;
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThan(65_000);
    expect(await relayed()).toEqual([]);
    await attemptDelivery(t.db, second!.data, deps());
    // A replayed job of an attempt already made does nothing.
    expect(await attemptDelivery(t.db, second!.data, deps())).toBeNull();
    expect(receiver.received).toHaveLength(2);
    [delivery] = await deliveriesOf(endpoint.cuid);
    expect(delivery).toMatchObject({ status: "SUCCEEDED", attempts: 2, last_response_code: 200 });
    expect(delivery!.attempt_log.map((attempt) => attempt.response_code)).toEqual([500, 200]);
    expect(delivery!.attempt_log.every((attempt) => attempt.duration_ms >= 0)).toBe(true);
    await unsubscribe(endpoint.cuid);
  });

  it("resends a finished delivery by hand, not one still being retried", async () => {
    const endpoint = await subscribe(receiver.url);
    await registrationCreated();
    await runAllAttempts();
    const [delivery] = await deliveriesOf(endpoint.cuid);
    const resend = `/api/admin/integrations/webhooks/${endpoint.cuid}/deliveries/${delivery!.cuid}/resend`;
    expect((await owner.post(resend)).statusCode).toBe(200);
    expect((await owner.post(resend)).statusCode).toBe(409);
    expect(await runAllAttempts()).toBe(1);
    expect(receiver.received).toHaveLength(2);
    // Both carry the same delivery id and body: the receiver can tell it is the same event.
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(delivery!.cuid);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    const [again] = await deliveriesOf(endpoint.cuid);
    expect(again).toMatchObject({ status: "SUCCEEDED", attempts: 2 });
    expect(await lastAuditByAction(t.db, organiserId, "webhook.delivery.resent")).toBeTruthy();
    await unsubscribe(endpoint.cuid);
  });

  it(`disables an endpoint after ${WEBHOOK_DISABLE_AFTER_FAILURES} failures in a row and e-mails the owner`, async () => {
    const endpoint = await subscribe(receiver.url);
    receiver.answers = [{ status: 500 }];
    // Seven attempts per delivery within 24 hours: three deliveries reach the limit.
    for (let index = 0; index < 3; index++) await registrationCreated();
    await runAllAttempts();
    expect(receiver.received).toHaveLength(WEBHOOK_DISABLE_AFTER_FAILURES);
    const [stored] = await t.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.cuid, endpoint.cuid));
    expect(stored).toMatchObject({ enabled: false, disabledReason: "FAILING" });
    const statuses = (await deliveriesOf(endpoint.cuid)).map((delivery) => delivery.status);
    expect(statuses.every((status) => status === "FAILED")).toBe(true);
    // New events no longer make deliveries for it.
    await registrationCreated();
    expect(await deliveriesOf(endpoint.cuid)).toHaveLength(3);

    const [mail] = await t.db
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.organiserId, organiserId),
          eq(messages.toAddress, DEMO_OWNER_EMAIL),
          ilike(messages.subject, "%webhook%"),
        ),
      );
    expect(dispatched).toContain(mail!.id);
    const smtp = await startSmtpServer();
    try {
      await deliverMessage(
        t.db,
        { mail: createMailTransport(smtp.url, "club@example.org")!, sms: null },
        mail!.id,
      );
      const [received] = smtp.received;
      expect(received!.to).toEqual([DEMO_OWNER_EMAIL]);
      expect(received!.parsed.subject).toMatch(/webhook/i);
      expect(received!.parsed.text).toContain(`/admin/integrations/webhooks/${endpoint.cuid}`);
    } finally {
      await smtp.close();
    }
    // Enabled again by staff, it starts from no failures.
    const response = await owner.put(`/api/admin/integrations/webhooks/${endpoint.cuid}`, {
      url: receiver.url,
      event_types: ["registration.created"],
      enabled: true,
    });
    expect(response.json()).toMatchObject({ enabled: true, consecutive_failures: 0 });
    await unsubscribe(endpoint.cuid);
  });
});

describe("webhook addresses are checked when the connection is made (SSRF)", () => {
  async function attemptOnce(url: string, resolve?: Parameters<typeof deps>[0]) {
    const endpoint = await subscribe(url);
    await registrationCreated();
    const [job] = await relayed();
    const result = await attemptDelivery(t.db, job!.data, deps(resolve));
    await unsubscribe(endpoint.cuid);
    return result!;
  }

  it("refuses a host name that resolves to a loopback address", async () => {
    const resolveToLoopback = async () => [{ address: "127.0.0.1", family: 4 }];
    const result = await attemptOnce(
      `http://hooks.example.test:${internal.port}/x`,
      resolveToLoopback,
    );
    expect(result.status).toBeNull();
    expect(result.detail).toMatch(/refused address 127\.0\.0\.1/);
    expect(internal.received).toHaveLength(0);
  });

  it("refuses a name that answered a public address before and a private one now (rebinding)", async () => {
    let lookups = 0;
    const rebinding = async () => {
      lookups += 1;
      return [{ address: lookups === 1 ? "93.184.216.34" : "10.0.0.7", family: 4 }];
    };
    // The answer at subscription time does not matter: only the connection's look-up counts.
    await rebinding();
    const result = await attemptOnce("http://rebind.example.test/x", rebinding);
    expect(result.detail).toMatch(/refused address 10\.0\.0\.7/);
  });

  it("refuses literal private, loopback, link-local, CGNAT and IPv6 addresses and localhost", async () => {
    const policy = { allowedTargets: new Set<string>(), httpsOnly: false };
    for (const url of [
      `http://127.0.0.1:${internal.port}/`,
      `http://localhost:${internal.port}/`,
      "http://10.1.2.3/",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/",
      "http://192.168.1.1/",
      "http://224.0.0.1/",
      `http://[::1]:${internal.port}/`,
      "http://[fe80::1]/",
      "http://[fd00::1]/",
      "http://[::ffff:127.0.0.1]/",
    ]) {
      const result = await postOutbound(new URL(url), "{}", {}, policy);
      expect(result.status, url).toBeNull();
      expect(result.detail, url).toMatch(/refused address/);
    }
    expect(internal.received).toHaveLength(0);
  });

  it("does not follow a redirect to a private address", async () => {
    receiver.answers = [
      { status: 302, headers: { location: `http://127.0.0.1:${internal.port}/x` } },
    ];
    const result = await attemptOnce(receiver.url);
    expect(result.status).toBe(302);
    expect(result.detail).toMatch(/redirect .* not followed/);
    expect(internal.received).toHaveLength(0);
  });

  it("calls only https addresses in production", async () => {
    const result = await postOutbound(
      new URL(receiver.url),
      "{}",
      {},
      {
        allowedTargets: new Set([`127.0.0.1:${receiver.port}`]),
        httpsOnly: true,
      },
    );
    expect(result.detail).toMatch(/only https/);
    expect(receiver.received).toHaveLength(0);
  });

  it("reads a large answer only up to its cap", async () => {
    const big = createServer((_request, response) => {
      response.writeHead(200);
      response.write(Buffer.alloc(1024 * 1024, 97));
      response.end();
    });
    await new Promise<void>((resolve) => big.listen(0, "127.0.0.1", resolve));
    const { port } = big.address() as AddressInfo;
    try {
      const result = await postOutbound(
        new URL(`http://127.0.0.1:${port}/`),
        "{}",
        {},
        {
          allowedTargets: new Set([`127.0.0.1:${port}`]),
          httpsOnly: false,
        },
      );
      expect(result.status).toBe(200);
      expect(result.detail.length).toBeLessThanOrEqual(500);
    } finally {
      big.closeAllConnections();
      await new Promise<void>((resolve) => big.close(() => resolve()));
    }
  });
});

describe("the allow-list of private targets", () => {
  it("is read from WEBHOOK_ALLOWED_TARGETS, checked, and refused in production", () => {
    const base = { DATA_DIR: "/tmp/webhooks-config" };
    expect(loadConfig(base).webhookAllowedTargets).toEqual([]);
    expect(
      loadConfig({ ...base, WEBHOOK_ALLOWED_TARGETS: "127.0.0.1:4100, ::1:4101" })
        .webhookAllowedTargets,
    ).toEqual(["127.0.0.1:4100", "::1:4101"]);
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOWED_TARGETS: "localhost:4100" })).toThrow(
      /WEBHOOK_ALLOWED_TARGETS/,
    );
    expect(() =>
      loadConfig({
        ...base,
        NODE_ENV: "production",
        APP_SECRET: "x".repeat(32),
        SMTP_URL: "smtp://mail.example.org",
        WEBHOOK_ALLOWED_TARGETS: "127.0.0.1:4100",
      }),
    ).toThrow(/refused in production/);
  });
});
