import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import pg from "pg";
import { expect, hydrated } from "./fixtures.ts";
import { consoleOrigin, port } from "./helpers.ts";

// The browser tests' ways into the test server beside its pages: the operator command and, for
// what only time would bring (an invoice 14 days overdue), its database.

export const OPERATOR_PASSWORD = "operator-password-e2e";

const dataDir = () =>
  readFileSync(path.join(tmpdir(), `booking-e2e-${port}.datadir`), "utf8").trim();

/** `npm run operator -- create EMAIL` against the test server's database: the link it prints. */
export function createOperator(email: string): string {
  const output = execFileSync(
    process.execPath,
    ["scripts/operator.ts", "create", email, "--name", "E2E Operator"],
    {
      env: { ...process.env, DATA_DIR: dataDir(), PORT: String(port), LOG_LEVEL: "warn" },
      encoding: "utf8",
    },
  );
  const link = /https?:\/\/\S+\/admin\/platform\/password\?token=\S+/.exec(output)?.[0];
  if (!link) throw new Error(`no link in: ${output}`);
  return link;
}

/** A new operator who chose a password through the link and logged in. */
export async function operatorLogin(page: Page, email: string): Promise<void> {
  const link = createOperator(email);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, consoleOrigin));
  await hydrated(page);
  await page.fill('[name="password"]', OPERATOR_PASSWORD);
  await page.fill('[name="password_confirmation"]', OPERATOR_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/admin/platform/login");
  await hydrated(page);
  await page.fill('[name="email"]', email);
  await page.fill('[name="password"]', OPERATOR_PASSWORD);
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.pathname === "/admin/platform");
  await expect(page.getByTestId("platform-operator")).toContainText("E2E Operator");
}

/** Runs one statement on the test server's embedded database (as its owner). */
export async function serverSql(text: string, values: unknown[] = []) {
  const dir = dataDir();
  const databasePort = Number(
    readFileSync(path.join(dir, "db", "postmaster.pid"), "utf8").split("\n")[3],
  );
  const password = readFileSync(path.join(dir, "postgres-password"), "utf8").trim();
  const client = new pg.Client({
    host: "127.0.0.1",
    port: databasePort,
    user: "postgres",
    password,
    database: "booking",
  });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}
