import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_ADMISSION_CONCURRENCY } from "./http/admission.ts";
import { missingPlatformSettings } from "./modules/billing/platform-seller.ts";

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default("Booking platform <no-reply@booking.localhost>"),
  PLATFORM_DOMAIN: z.string().toLowerCase().default("localhost"),
  APP_SECRET: z.string().min(32).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  MOLLIE_API_KEY: z.string().min(1).optional(),
  TWILIO_ACCOUNT_SID: z.string().trim().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
  TWILIO_FROM: z.string().trim().min(1).optional(),
  TWILIO_API_URL: z.url().default("https://api.twilio.com"),
  PEPPOL_AP_URL: z.url().optional(),
  PEPPOL_AP_TOKEN: z.string().trim().min(1).optional(),
  DKIM_DOMAIN: z.string().trim().toLowerCase().min(1).optional(),
  DKIM_SELECTOR: z.string().trim().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().trim().min(1).optional(),
  WORKERS: z.enum(["on", "off"]).default("on"),
  ADMISSION_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(DEFAULT_ADMISSION_CONCURRENCY),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_TOKEN: z.string().trim().min(16).optional(),
  WEB_BUILD_DIR: z.string().trim().min(1).optional(),
  MIGRATE_ON_START: z.enum(["true", "false"]).default("true"),
  WEBHOOK_ALLOWED_TARGETS: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      const targets = parseWebhookTargets(value);
      if (targets === undefined) {
        context.addIssue({ code: "custom", message: "a comma-separated list of IP:port" });
        return z.NEVER;
      }
      return targets;
    }),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  PUBLIC_URL_SCHEME: z.enum(["http", "https"]).optional(),
  PUBLIC_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  DNS_RESOLVER: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      const servers = parseDnsServers(value);
      if (servers === undefined) {
        context.addIssue({ code: "custom", message: "a comma-separated list of IP[:port]" });
        return z.NEVER;
      }
      return servers;
    }),
  TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      const trust = parseTrustProxy(value);
      if (trust === undefined) {
        context.addIssue({
          code: "custom",
          message: "a hop count or a comma-separated list of addresses or CIDR ranges",
        });
        return z.NEVER;
      }
      return trust;
    }),
});

/** What Fastify's `trustProxy` accepts without trusting everyone: a hop count or addresses. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (behind Fastify's trustProxy) knows for whole private ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", bits, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const max = version === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * DNS_RESOLVER: the DNS servers own-domain checks ask (`IP` or `IP:port`, `[IPv6]:port`), null for
 * the system's; undefined when node's resolver does not take the list.
 */
export function parseDnsServers(value: string | undefined): string[] | null | undefined {
  if (!value) return null;
  const servers = value.split(",").map((entry) => entry.trim());
  try {
    new Resolver().setServers(servers);
    return servers;
  } catch {
    return undefined;
  }
}

/**
 * WEBHOOK_ALLOWED_TARGETS: private `IP:port` pairs webhooks may still call (a test's local
 * receiver, decision 0086); undefined when an entry is not an address and port.
 */
export function parseWebhookTargets(value: string | undefined): string[] | undefined {
  if (!value) return [];
  const entries = value.split(",").map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const match = /^(.+):(\d{1,5})$/.exec(entry);
    return match !== null && isIP(match[1]!) !== 0 && Number(match[2]) <= 65535;
  });
  return valid ? entries : undefined;
}

/** TRUST_PROXY: unset or empty trusts no proxy; undefined when the value is not understood. */
export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (!value) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const entries = value.split(",").map((entry) => entry.trim().toLowerCase());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** the requests' pool per process (DATABASE_POOL_MAX); unset: `defaultPoolSize()` */
  databasePoolMax?: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  platformDomain: string;
  secret: string;
  production: boolean;
  logLevel: string;
  /** requests per minute and per client to log-in, register and password calls */
  authRateLimitMax: number;
  /** online payments through Mollie when set; the built-in test provider otherwise */
  mollieApiKey: string | undefined;
  /** how long public answers (catalogue calls, anonymous pages) are reused; 0 turns it off */
  publicCacheTtlMs: number;
  /** the scheme of every address the server writes (links in e-mails, pages, payment returns) */
  publicUrlScheme: "http" | "https";
  /** the port those addresses name; null for the scheme's default */
  publicPort: number | null;
  /** which proxies' X-Forwarded-For/Proto/Host are believed (none by default) */
  trustProxy: TrustProxy;
  /** the DNS servers own-domain checks ask; null: the system's */
  dnsServers: string[] | null;
  /** the platform's SMS account (Twilio); null: SMS stay in the development outbox */
  sms: SmsProviderConfig | null;
  /** where Twilio's Messages API is reached, for the platform's and organisers' own accounts */
  smsApiUrl: string;
  /** the DKIM key every outgoing e-mail is signed with; null: not signed */
  dkim: DkimConfig | null;
  /** WORKERS=off: the server runs no queue worker (`npm run worker` does, decision 0059) */
  workers: boolean;
  /** requests a server works on at once; the others wait, the continuing ones first (0107) */
  admissionConcurrency: number;
  /** how long a stop waits for requests and jobs in flight before cutting them (decision 0096) */
  shutdownTimeoutMs: number;
  /** /metrics on a port of its own (servers and worker); null: not served there */
  metricsPort: number | null;
  /** /metrics on the application's port for `Authorization: Bearer <token>`; unset: not served */
  metricsToken: string | undefined;
  /** the web app's build, when not apps/web/build (an image that puts it elsewhere, tests) */
  webBuildDir: string | undefined;
  /** MIGRATE_ON_START=false: `npm run migrate` applies the migrations before (decision 0095) */
  migrateOnStart: boolean;
  /** the Peppol access point e-invoices are sent through; null: UBL by e-mail and download only */
  peppolAccessPoint: PeppolAccessPointConfig | null;
  /** private `IP:port` pairs webhooks may call: tests' receivers only, never in production */
  webhookAllowedTargets: string[];
}

/** PEPPOL_AP_URL and PEPPOL_AP_TOKEN: the access point's API (decision 0076). */
export interface PeppolAccessPointConfig {
  url: string;
  token: string;
}

function peppolAccessPoint(values: z.infer<typeof environment>): PeppolAccessPointConfig | null {
  const { PEPPOL_AP_URL: url, PEPPOL_AP_TOKEN: token } = values;
  if (!url && !token) return null;
  if (!url || !token) throw new Error("PEPPOL_AP_URL and PEPPOL_AP_TOKEN go together");
  return { url, token };
}

/** DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (PEM; `\n` may stand for its line breaks). */
export interface DkimConfig {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

function dkimKey(values: z.infer<typeof environment>): DkimConfig | null {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector, DKIM_PRIVATE_KEY: key } = values;
  if (!domainName && !keySelector && !key) return null;
  if (!domainName || !keySelector || !key) {
    throw new Error("DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together");
  }
  const privateKey = key.replaceAll("\\n", "\n").trim();
  if (!privateKey.includes("PRIVATE KEY-----")) {
    throw new Error("DKIM_PRIVATE_KEY must be a PEM private key");
  }
  return { domainName, keySelector, privateKey };
}

/** The platform's Twilio account. */
export interface SmsProviderConfig {
  accountSid: string;
  authToken: string;
  /** the sender: a Twilio phone number in E.164 or an alphanumeric sender id */
  from: string;
}

function smsProvider(values: z.infer<typeof environment>): SmsProviderConfig | null {
  const {
    TWILIO_ACCOUNT_SID: accountSid,
    TWILIO_AUTH_TOKEN: authToken,
    TWILIO_FROM: from,
  } = values;
  if (!accountSid && !authToken && !from) return null;
  if (!accountSid || !authToken || !from) {
    throw new Error("TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together");
  }
  return { accountSid, authToken, from };
}

/** Reads the environment once at start; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable is an unset one (`KEY=` in an env file, `${KEY:-}` in a compose file).
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const parsed = environment.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const production = values.NODE_ENV === "production";
  // The allow-list lets webhooks reach private addresses: a test's receiver, never production's.
  if (production && (values.WEBHOOK_ALLOWED_TARGETS ?? []).length > 0) {
    throw new Error("WEBHOOK_ALLOWED_TARGETS is for tests only and refused in production");
  }
  if (production && !values.APP_SECRET) {
    throw new Error("APP_SECRET (at least 32 characters) is required in production");
  }
  // Without SMTP e-mails would only reach the development outbox, which production never serves.
  if (production && !values.SMTP_URL) {
    throw new Error("SMTP_URL is required in production (e-mails cannot be delivered without it)");
  }
  // Platform invoices must name the real seller: the development defaults are no one's.
  const missingSeller = production ? missingPlatformSettings(env) : [];
  if (missingSeller.length > 0) {
    throw new Error(
      `${missingSeller.join(", ")} required in production (the platform's identity on its invoices to organisers)`,
    );
  }
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    databasePoolMax: values.DATABASE_POOL_MAX,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    platformDomain: values.PLATFORM_DOMAIN,
    secret: values.APP_SECRET ?? readOrCreateLocalSecret(dataDir),
    production,
    logLevel: values.LOG_LEVEL,
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    mollieApiKey: values.MOLLIE_API_KEY,
    publicCacheTtlMs: values.PUBLIC_CACHE_TTL_MS,
    publicUrlScheme: values.PUBLIC_URL_SCHEME ?? (production ? "https" : "http"),
    // In development the server itself is the public address (http://demo.localhost:3000).
    publicPort: values.PUBLIC_PORT ?? (production || values.PORT === 0 ? null : values.PORT),
    trustProxy: values.TRUST_PROXY,
    dnsServers: values.DNS_RESOLVER,
    sms: smsProvider(values),
    dkim: dkimKey(values),
    smsApiUrl: values.TWILIO_API_URL,
    workers: values.WORKERS === "on",
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    admissionConcurrency: values.ADMISSION_CONCURRENCY,
    metricsPort: values.METRICS_PORT ?? null,
    metricsToken: values.METRICS_TOKEN,
    webBuildDir: values.WEB_BUILD_DIR && path.resolve(values.WEB_BUILD_DIR),
    migrateOnStart: values.MIGRATE_ON_START === "true",
    peppolAccessPoint: peppolAccessPoint(values),
    webhookAllowedTargets: values.WEBHOOK_ALLOWED_TARGETS ?? [],
  };
}

/** Outside production a random secret is kept under DATA_DIR so sessions survive restarts. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, "secret.key");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
