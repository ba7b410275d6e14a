import type { Database } from "@booking/db";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import { operatorAccounts } from "../src/modules/operators/accounts.ts";
import { consoleBrowser } from "./console-fixtures.ts";
import { type Client, TEST_SECRET } from "./harness.ts";

// Platform operators for the tests (decision 0040): made through the command's service.

export const OPERATOR_PASSWORD = "operator-password-long";
let sequence = 0;

export function accounts(db: Database) {
  return operatorAccounts({ db, secret: TEST_SECRET, consoleOrigin: "http://admin.localhost" });
}

export const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

/** A new operator, through the command's service, with its password chosen through the link. */
export async function newOperator(t: {
  app: FastifyInstance;
  db: Database;
}): Promise<{ email: string; client: Client }> {
  sequence += 1;
  const email = `operator-${sequence}-${Date.now()}@platform.test`;
  const { link } = await accounts(t.db).create(email, `Operator ${sequence}`);
  const client = await consoleBrowser(t.app);
  const set = await client.post("/api/admin/platform/auth/password", {
    token: tokenOf(link),
    password: OPERATOR_PASSWORD,
    password_confirmation: OPERATOR_PASSWORD,
  });
  expect(set.statusCode, set.body).toBe(200);
  const login = await client.post("/api/admin/platform/auth/login", {
    email,
    password: OPERATOR_PASSWORD,
  });
  expect(login.statusCode, login.body).toBe(200);
  return { email, client };
}
