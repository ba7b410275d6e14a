import type { Logger } from "pino";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { ImageLoader } from "../documents/images.ts";

/** What the `events` handlers and the notifications poller need besides the database. */
export interface EventHandlerDeps {
  /** links in messages (account pages, storefront) */
  urls: PublicUrls;
  /** hands a committed message row to the delivery queue */
  dispatchEmail(messageId: number): Promise<void>;
  log: Pick<Logger, "info" | "warn" | "error">;
  /** the clock: tests move it */
  now(): Date;
  /** how attached document PDFs get their pictures (the guarded fetch by default) */
  loadImage?: ImageLoader;
}

/** A message that is not sent, and why (kept on the scheduled row). */
export type SkipReason =
  | "RULE_INACTIVE"
  | "SUBJECT_GONE"
  | "REGISTRATION_CANCELLED"
  | "REQUIREMENTS"
  | "TOO_LATE"
  | "SPAM_AVOIDANCE"
  | "DEPENDENCY"
  | "NO_ADDRESS"
  | "TEMPLATE_INVALID"
  | "TEMPLATE_MISSING";
