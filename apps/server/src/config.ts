import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const environment = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().default("Booking platform <no-reply@booking.localhost>"),
  PLATFORM_DOMAIN: z.string().toLowerCase().default("localhost"),
  APP_SECRET: z.string().min(32).optional(),
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  MOLLIE_API_KEY: z.string().min(1).optional(),
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
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
}

/** Reads the environment once at start; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n  ${problems.join("\n  ")}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  const production = values.NODE_ENV === "production";
  if (production && !values.APP_SECRET) {
    throw new Error("APP_SECRET (at least 32 characters) is required in production");
  }
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    platformDomain: values.PLATFORM_DOMAIN,
    secret: values.APP_SECRET ?? readOrCreateLocalSecret(dataDir),
    production,
    logLevel: values.LOG_LEVEL,
    authRateLimitMax: values.AUTH_RATE_LIMIT_MAX,
    mollieApiKey: values.MOLLIE_API_KEY,
    publicCacheTtlMs: values.PUBLIC_CACHE_TTL_MS,
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
