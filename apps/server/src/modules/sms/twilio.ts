import { SmsDeliveryError } from "./errors.ts";

/**
 * Twilio's Messages API (https://www.twilio.com/docs/messaging/api/message-resource):
 * `POST {apiUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From`,
 * `Body`, HTTP basic auth with the account SID and its auth token. 201 answers the message
 * (`sid`, `num_segments`); an error answers `{ code, message, status }`.
 */

export interface TwilioAccount {
  apiUrl: string;
  accountSid: string;
  authToken: string;
}

/** How long one call may take before it counts as the provider being down. */
export const TWILIO_TIMEOUT_MS = 10_000;

/**
 * Twilio error codes that a later attempt may get through: rate limits and queue overflow
 * (https://www.twilio.com/docs/api/errors). Every other 4xx is about this message or this
 * account (invalid or unsubscribed number, region not enabled, bad credentials) and fails for
 * good; 5xx, 429, time-outs and network failures are retried.
 */
const RETRYABLE_CODES = new Set([14107, 20429, 20500, 20503, 21611]);

interface TwilioError {
  code?: number;
  message?: string;
}

async function errorOf(response: Response): Promise<SmsDeliveryError> {
  const answer = (await response.json().catch(() => ({}))) as TwilioError;
  const code = typeof answer.code === "number" ? answer.code : null;
  const retryable =
    response.status >= 500 ||
    response.status === 429 ||
    (code !== null && RETRYABLE_CODES.has(code));
  const reason = `Twilio ${response.status}${code === null ? "" : ` (${code})`}: ${answer.message ?? response.statusText}`;
  return new SmsDeliveryError(reason, { retryable, providerCode: code });
}

/** Sends one SMS; SmsDeliveryError (retryable or not) when Twilio does not take it. */
export async function sendTwilioMessage(
  account: TwilioAccount,
  message: { from: string; to: string; body: string },
  timeoutMs = TWILIO_TIMEOUT_MS,
): Promise<{ providerId: string }> {
  const url = new URL(
    `/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`,
    account.apiUrl,
  );
  const credentials = Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64");
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { authorization: `Basic ${credentials}`, accept: "application/json" },
      body: new URLSearchParams({ To: message.to, From: message.from, Body: message.body }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason =
      error instanceof Error && error.name === "TimeoutError" ? "timed out" : "unreachable";
    throw new SmsDeliveryError(`Twilio ${reason}`, { retryable: true, providerCode: null });
  }
  if (!response.ok) throw await errorOf(response);
  const answer = (await response.json().catch(() => ({}))) as { sid?: unknown };
  if (typeof answer.sid !== "string") {
    // Accepted but unreadable: it may have been sent, so it is not tried again.
    throw new SmsDeliveryError("Twilio answered without a message sid", {
      retryable: false,
      providerCode: null,
    });
  }
  return { providerId: answer.sid };
}
