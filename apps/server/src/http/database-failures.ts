import { Readable } from "node:stream";
import type { Database } from "@booking/db";
import { sql } from "@booking/db/orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { simplePage, wantsPage } from "./simple-page.ts";

/**
 * What a database error says about the request, when no service handled it: `unavailable` (the
 * database cannot be reached: 503 with Retry-After), `bad-input` (a value PostgreSQL refuses:
 * 400) or `conflict` (a constraint the data would break: 409). Anything else is a bug (500).
 */
export type DatabaseFailure = "unavailable" | "bad-input" | "conflict";

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** PostgreSQL states of a server going away or refusing connections (class 08, 53300, 57P0x). */
const UNAVAILABLE_STATES = new Set(["53300", "57P01", "57P02", "57P03"]);
/** Node's network errors while reaching the database. */
const NETWORK_ERRORS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
/** node-postgres says these in words only: a lost connection, a pool that could not connect. */
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly)/;

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 10; ) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

function classifyOne(error: unknown): DatabaseFailure | null {
  if (typeof error !== "object" || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_ERRORS.has(code) || UNAVAILABLE_STATES.has(code) || /^08...$/.test(code)) {
      return "unavailable";
    }
    if (/^22...$/.test(code)) return "bad-input";
    if (/^23...$/.test(code)) return "conflict";
  }
  // Several connection attempts failing at once (IPv4 and IPv6) come as one AggregateError.
  if (
    error instanceof AggregateError &&
    error.errors.some((e) => classifyOne(e) === "unavailable")
  ) {
    return "unavailable";
  }
  const message = (error as { message?: unknown }).message;
  if (typeof message === "string" && LOST_CONNECTION.test(message)) return "unavailable";
  return null;
}

/** The failure an error (or any error it wraps, as Drizzle's query errors do) stands for. */
export function databaseFailureOf(error: unknown): DatabaseFailure | null {
  for (const cause of causes(error)) {
    const failure = classifyOne(cause);
    if (failure) return failure;
  }
  return null;
}

/** Whether the database answers right now (asked only after something already went wrong). */
export async function databaseReachable(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** The database's SQLSTATE (or network error code) behind an error, the only part worth logging. */
export function databaseCodeOf(error: unknown): string | undefined {
  for (const cause of causes(error)) {
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === "string") return code;
  }
  return undefined;
}

/** The 503 of an outage: a page for browsers, `{ error: SERVICE_UNAVAILABLE }` for the API. */
function outageAnswer(request: FastifyRequest): { type: string; body: string } {
  if (wantsPage(request)) {
    return {
      type: "text/html; charset=utf-8",
      body: simplePage(request, "unavailable"),
    };
  }
  return {
    type: "application/json; charset=utf-8",
    body: JSON.stringify({ error: "SERVICE_UNAVAILABLE" }),
  };
}

export function sendUnavailable(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const answer = outageAnswer(request);
  return reply
    .status(503)
    .header("retry-after", String(RETRY_AFTER_SECONDS))
    .type(answer.type)
    .send(answer.body);
}

/** Requests a page loader of which failed for want of the database (a pool that timed out too). */
const unavailableDuring = new WeakSet<FastifyRequest>();

/**
 * Remembers that the request met an unavailable database (a page's loader whose error React
 * Router turns into a 500 page or `.data` answer): its answer is then the 503 of an outage, even
 * if the database answers again by the time it is sent (a saturated pool freed meanwhile).
 */
export function noteDatabaseFailure(request: FastifyRequest, error: unknown): boolean {
  if (databaseFailureOf(error) !== "unavailable") return false;
  unavailableDuring.add(request);
  return true;
}

/**
 * A 500 produced while the database is away or saturated (a page whose loader failed, an error
 * no one recognised) becomes the 503 it really is: the only 5xx a client sees for that cause.
 */
export function registerDatabaseOutageAnswers(app: FastifyInstance, db: Database): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (reply.statusCode !== 500) return payload;
    if (!unavailableDuring.has(request) && (await databaseReachable(db))) return payload;
    if (payload instanceof Readable) payload.destroy();
    const answer = outageAnswer(request);
    reply.status(503).header("retry-after", String(RETRY_AFTER_SECONDS)).type(answer.type);
    return answer.body;
  });
}
