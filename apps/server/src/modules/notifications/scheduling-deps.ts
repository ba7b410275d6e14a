import type { Logger } from "pino";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { ImageLoader } from "../documents/images.ts";
import type { AccessPoint } from "../peppol/access-point.ts";
import type { RuleRow } from "./rules-queries.ts";

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
  /** what the events of one batch of the queue share (decision 0059) */
  batch?: EventBatch;
  /** the Peppol access point (PEPPOL_AP_URL); null or absent: e-invoices are not sent */
  accessPoint?: AccessPoint | null;
}

/** Look-ups made once per batch of events: the active rules by `{organiserId}:{trigger}`. */
export interface EventBatch {
  activeRules: Map<string, RuleRow[]>;
}

/** A fresh batch's shared look-ups. */
export function newEventBatch(): EventBatch {
  return { activeRules: new Map() };
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
