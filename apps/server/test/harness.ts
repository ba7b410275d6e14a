import { tmpdir } from "node:os";
import path from "node:path";
import {
  createDatabase,
  createDatabaseFromTemplate,
  type Database,
  type DatabaseOptions,
  messages,
} from "@booking/db";
import { desc, eq } from "@booking/db/orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pino from "pino";
import { inject } from "vitest";
import type { PeppolAccessPointConfig } from "../src/config.ts";
import { buildApp } from "../src/http/app.ts";
import type { PublicCache } from "../src/http/public-cache.ts";
import { createPublicUrls } from "../src/http/public-urls.ts";
import { createSsrContextFactory } from "../src/http/ssr-context.ts";
import { consumeEvent } from "../src/jobs/events-consumer.ts";
import { type PublishedEvent, relayEvents } from "../src/jobs/events-relay.ts";
import { sendDueNotifications } from "../src/jobs/notifications-worker.ts";
import type { JobQueue } from "../src/jobs/queue.ts";
import { createAccountsService } from "../src/modules/accounts/service.ts";
import { createConsoleAuth } from "../src/modules/collaborators/auth-service.ts";
import type { PaymentsConfig } from "../src/modules/payments/service.ts";
import { createProofStore } from "../src/modules/transaction-proofs/storage.ts";
import type { DnsResolver } from "../src/modules/website/domain-dns.ts";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** e-mail ids handed to the delivery queue, in order */
  dispatchedEmails: number[];
  close(): Promise<void>;
}

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

/**
 * The last e-mail written to `to`, once the work the app does after its answers (password links
 * are made after the answer) and the notification jobs (`runNotificationJobs`) have run.
 */
export async function lastEmailTo(t: TestApp, to: string) {
  await runNotificationJobs(t);
  const [email] = await t.db
    .select()
    .from(messages)
    .where(eq(messages.toAddress, to))
    .orderBy(desc(messages.id))
    .limit(1);
  return email;
}

/**
 * Does at once, in order, what the background jobs do after a change commits: the events relay
 * publishes the unpublished events, the events consumer runs its handlers on each (the
 * notification rules schedule, and send what is due now: the cart confirmation of the default
 * rule), then the poller sends the scheduled messages due at `now`. The real functions; only the
 * pg-boss queue between the relay and the consumer is an in-memory hand-over. Tests call it
 * before reading a message an event sends (`lastEmailTo` does).
 */
export async function runNotificationJobs(t: TestApp, now = new Date()): Promise<void> {
  await t.app.afterAnswersSettled();
  const deps = {
    urls: t.app.publicUrls,
    dispatchEmail: async (messageId: number) => {
      t.dispatchedEmails.push(messageId);
    },
    log: pino({ level: "silent" }),
    now: () => now,
  };
  const published: PublishedEvent[] = [];
  const queue = {
    boss: {
      insert: async (_name: string, jobs: { data: PublishedEvent }[]) => {
        published.push(...jobs.map((job) => job.data));
      },
    },
  } as unknown as JobQueue;
  while ((await relayEvents(t.db, queue)) > 0);
  for (const event of published) await consumeEvent(t.db, event, deps);
  await sendDueNotifications(t.db, deps);
}

/** Every e-mail written to `address`, oldest first, once the notification jobs have run. */
export async function emailsTo(t: TestApp, address: string) {
  await runNotificationJobs(t);
  return t.db.select().from(messages).where(eq(messages.toAddress, address)).orderBy(messages.id);
}

/** The token of the last link (password, invitation) e-mailed to `to`. */
export async function lastEmailedToken(t: TestApp, to: string): Promise<string> {
  const email = await lastEmailTo(t, to);
  return /token=([A-Za-z0-9_-]+)/.exec(email!.text)![1]!;
}

/** A fresh copy of the migrated, seeded template database and an app on it (no web build). */
export async function createTestApp(
  options: {
    authRateLimitMax?: number;
    logLevel?: string;
    logStream?: NodeJS.WritableStream;
    /** public answers are computed every time unless a test turns the cache on */
    publicCacheTtlMs?: number;
    /** online payment providers (default: the built-in test provider only) */
    payments?: PaymentsConfig;
    /** runs as in production (no test provider standing in for a missing Mollie key) */
    production?: boolean;
    /** the public addresses' scheme and port (http and none by default) */
    publicUrlScheme?: "http" | "https";
    publicPort?: number;
    /** TRUST_PROXY as config.ts reads it (no proxy by default) */
    trustProxy?: false | number | string[];
    /** serves pages from this web build (none by default) */
    webBuildDir?: string;
    /** the address the app reaches its database at, given the copy's (a test's proxy) */
    databaseUrl?: (url: string) => string;
    /** the app's pool (size, how long a statement waits for a connection); 10 and 5 s by default */
    databasePool?: DatabaseOptions;
    /** the DNS resolver of own-domain checks (a test's DNS server) */
    dnsResolver?: DnsResolver;
    /** the Peppol access point the console's "send again" uses (none by default) */
    peppolAccessPoint?: PeppolAccessPointConfig;
  } = {},
): Promise<TestApp> {
  const copy = await createDatabaseFromTemplate(
    inject("databaseAdminUrl"),
    inject("templateDatabase"),
  );
  const database = createDatabase(
    options.databaseUrl?.(copy.url) ?? copy.url,
    options.databasePool,
  );
  const dispatchedEmails: number[] = [];
  const app = await buildApp({
    config: {
      platformDomain: "localhost",
      secret: TEST_SECRET,
      authRateLimitMax: options.authRateLimitMax ?? 1000,
      logLevel: options.logLevel ?? "silent",
      smtpUrl: undefined,
      publicCacheTtlMs: options.publicCacheTtlMs ?? 0,
      production: options.production ?? false,
      publicUrlScheme: options.publicUrlScheme ?? "http",
      publicPort: options.publicPort ?? null,
      trustProxy: options.trustProxy ?? false,
      peppolAccessPoint: options.peppolAccessPoint ?? null,
    },
    db: database.db,
    dispatchEmail: async (emailId) => {
      dispatchedEmails.push(emailId);
    },
    web: options.webBuildDir !== undefined,
    webBuildDir: options.webBuildDir,
    logStream: options.logStream,
    payments: options.payments,
    dnsResolver: options.dnsResolver,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    dispatchedEmails,
    async close() {
      await app.close();
      await database.close();
      await copy.drop();
    },
  };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * A browser-like client for one host: keeps cookies between calls and echoes the XSRF-TOKEN
 * cookie in the X-XSRF-TOKEN header, as the web app does.
 */
export class Client {
  readonly cookies = new Map<string, string>();
  readonly app: FastifyInstance;
  readonly host: string;

  constructor(app: FastifyInstance, host: string) {
    this.app = app;
    this.host = host;
  }

  async request(
    method: Method,
    url: string,
    options: {
      body?: unknown;
      rawBody?: string | Buffer;
      headers?: Record<string, string>;
      xsrf?: boolean;
    } = {},
  ): Promise<LightMyRequestResponse> {
    if (options.xsrf !== false && method !== "GET" && !this.cookies.has("XSRF-TOKEN")) {
      await this.request("GET", "/api/session");
    }
    const headers: Record<string, string> = { host: this.host, ...options.headers };
    if (this.cookies.size > 0) {
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    }
    if (options.xsrf !== false && method !== "GET") {
      headers["x-xsrf-token"] = this.cookies.get("XSRF-TOKEN") ?? "";
    }
    let payload: string | Buffer | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers["content-type"] ??= "application/json";
    const response = await this.app.inject({ method, url, headers, payload });
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
      if (expired || cookie.value === "") this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get(url: string) {
    return this.request("GET", url);
  }
  post(url: string, body?: unknown) {
    return this.request("POST", url, { body: body ?? {} });
  }
  put(url: string, body?: unknown) {
    return this.request("PUT", url, { body: body ?? {} });
  }
  delete(url: string) {
    return this.request("DELETE", url);
  }
  /** POST of one file as the `file` part of a multipart form, as the web app's uploads send it */
  postFile(url: string, fileName: string, bytes: Buffer, contentType = "application/octet-stream") {
    return this.request("POST", url, multipartFile(fileName, bytes, contentType));
  }
}

/** One file in a multipart form, as a browser's file field sends it: the body and its type. */
export function multipartFile(
  fileName: string,
  bytes: Buffer,
  contentType = "application/octet-stream",
): { rawBody: Buffer; headers: Record<string, string> } {
  const boundary = "----test-upload";
  const rawBody = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { rawBody, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

export const DEMO_HOST = "demo.localhost";
export const DEMO_EN_HOST = "demo-en.localhost";
export const DEMO_PASSWORD = "demo1234";

/** A valid POST /api/auth/register payload for the demo organisers. */
export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstname: "Jean",
    lastname: "Dupont",
    email: "jean.dupont@example.org",
    phone: "+32 470 00 00 00",
    password: "secret123",
    terms: true,
    custom_data: [],
    participant: { birthdate: "2015-06-01", custom_data: [] },
    ...overrides,
  };
}

/** A client logged in as a customer registered for the occasion. */
export async function registeredClient(
  app: FastifyInstance,
  host: string,
  email: string,
): Promise<{ client: Client; id: number }> {
  const client = new Client(app, host);
  const response = await client.post("/api/auth/register", registration({ email }));
  if (response.statusCode !== 201) throw new Error(`registration failed: ${response.body}`);
  return { client, id: response.json().customer.id };
}

/**
 * The page-context factory of a storefront request, built as the app builds it, for tests that
 * call loaders' readers directly (the console's API reads answer 404 here: no app to inject into);
 * with `publicCache`, the organiser's part and the catalogue reads are shared as in production.
 */
export function storefrontContextFactory(db: Database, publicCache: PublicCache | null = null) {
  const dispatchEmail = async () => {};
  return createSsrContextFactory({
    db,
    secret: TEST_SECRET,
    accounts: createAccountsService({
      secret: TEST_SECRET,
      dispatchEmail,
      proofStore: createProofStore(path.join(tmpdir(), "booking-transaction-proofs")),
    }),
    console: {
      auth: createConsoleAuth({
        db,
        secret: TEST_SECRET,
        publicUrls: createPublicUrls({ platformDomain: "localhost", scheme: "http", port: null }),
        dispatchEmail,
      }),
      read: async () => ({ status: 404, body: { error: "NOT_FOUND" } }),
    },
    platformDomain: "localhost",
    consoleOrigin: "http://admin.localhost",
    outboxEnabled: true,
    publicCache,
  });
}
