import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in of Twilio's Messages API, as documented
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the account SID
 * and auth token, form-encoded `To`, `From`, `Body`; 201 with the message (`sid`, `status`
 * "queued", `num_segments`); errors as `{ code, message, more_info, status }`: 20003 bad
 * credentials (401), 21211 invalid `To`, 21602 no body, 21603 no `From` (400). A test may
 * queue other answers (`failNext`) or a delay (`delayNext`) for the coming calls.
 */

export interface StandInAccount {
  accountSid: string;
  authToken: string;
}

export interface ReceivedSms {
  accountSid: string;
  to: string;
  from: string;
  body: string;
  sid: string;
}

interface Failure {
  status: number;
  code: number;
  message: string;
}

export interface TwilioStandIn {
  url: string;
  received: ReceivedSms[];
  /** the next calls answer these errors, in order (after checking nothing) */
  failNext(...failures: Failure[]): void;
  /** the next call answers only after `ms` */
  delayNext(ms: number): void;
  close(): Promise<void>;
}

const newSid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;

export const newTwilioAccount = (): StandInAccount => ({
  accountSid: newSid("AC"),
  authToken: randomBytes(16).toString("hex"),
});

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function error(response: ServerResponse, failure: Failure): void {
  answer(response, failure.status, {
    code: failure.code,
    message: failure.message,
    more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
    status: failure.status,
  });
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The account the basic-auth header names, when its token is the account's. */
function authenticated(request: IncomingMessage, accounts: StandInAccount[]): string | null {
  const header = request.headers.authorization ?? "";
  if (!header.startsWith("Basic ")) return null;
  const [sid, token] = Buffer.from(header.slice(6), "base64").toString("utf8").split(":");
  const account = accounts.find((entry) => entry.accountSid === sid && entry.authToken === token);
  return account?.accountSid ?? null;
}

export async function startTwilioStandIn(accounts: StandInAccount[]): Promise<TwilioStandIn> {
  const received: ReceivedSms[] = [];
  const failures: Failure[] = [];
  let delay = 0;
  const path = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const match = path.exec(request.url ?? "");
    if (request.method !== "POST" || !match) {
      return error(response, {
        status: 404,
        code: 20404,
        message: "The requested resource was not found",
      });
    }
    if (delay > 0) {
      const ms = delay;
      delay = 0;
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    const failure = failures.shift();
    if (failure) return error(response, failure);
    const accountSid = authenticated(request, accounts);
    if (accountSid === null || accountSid !== decodeURIComponent(match[1]!)) {
      return error(response, { status: 401, code: 20003, message: "Authenticate" });
    }
    if (!(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded")) {
      return error(response, { status: 400, code: 20001, message: "Unsupported content type" });
    }
    const form = new URLSearchParams(await readBody(request));
    const to = form.get("To") ?? "";
    const from = form.get("From") ?? "";
    const body = form.get("Body") ?? "";
    if (!/^\+[1-9]\d{6,14}$/.test(to)) {
      return error(response, {
        status: 400,
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
      });
    }
    if (!from) {
      return error(response, {
        status: 400,
        code: 21603,
        message: "A 'From' phone number is required.",
      });
    }
    if (!body)
      return error(response, { status: 400, code: 21602, message: "Message body is required." });
    const sid = newSid("SM");
    received.push({ accountSid, to, from, body, sid });
    answer(response, 201, {
      sid,
      account_sid: accountSid,
      to,
      from,
      body,
      status: "queued",
      num_segments: "1",
      direction: "outbound-api",
      api_version: "2010-04-01",
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, {}));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    failNext: (...next) => failures.push(...next),
    delayNext: (ms) => {
      delay = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
