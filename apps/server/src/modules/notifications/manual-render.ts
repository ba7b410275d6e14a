import type { ManualPreview } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { smsLength } from "@booking/domain";
import { AppError } from "../../http/app-error.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import type { RecipientRow } from "./manual-queries.ts";
import {
  checkSmsTemplate,
  checkTemplate,
  renderEmail,
  renderSms,
  type TemplateLanguage,
  TemplateRenderError,
  TemplateSyntaxError,
} from "./render/index.ts";
import { buildTemplateData } from "./template-data.ts";
import { organiserBrand } from "./template-links.ts";

/** What staff wrote, on the channels ticked. */
export interface ManualTexts {
  email: boolean;
  sms: boolean;
  subject: string;
  content: string;
  smsBody: string;
}

/** One family's copies, rendered with its own data. */
export interface RenderedCopies {
  email: { subject: string; html: string; text: string } | null;
  sms: string | null;
}

/** A template's Liquid error as the composer shows it, on the field it is in. */
function templateInvalid(error: unknown): never {
  if (error instanceof TemplateSyntaxError || error instanceof TemplateRenderError) {
    const part = error instanceof TemplateSyntaxError ? error.field : "content";
    const field = { subject: "subject", sms: "sms_body" }[part as string] ?? "content";
    throw new AppError(
      "TEMPLATE_INVALID",
      { [field]: "TEMPLATE_INVALID" },
      { line: error.line, message: error.message },
    );
  }
  throw error;
}

/** Parses the texts before anything is read or written: a syntax error is a 400 at once. */
export function checkManualTexts(texts: ManualTexts): void {
  try {
    if (texts.email) checkTemplate({ subject: texts.subject, content: texts.content });
    if (texts.sms) checkSmsTemplate(texts.smsBody);
  } catch (error) {
    templateInvalid(error);
  }
}

/**
 * Renders the message for one family: §3.4's data of the customer, their registrations in the
 * target and its availability, with the message itself as `message`; the organiser's language
 * (customers have none of their own).
 */
export async function renderForRecipient(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  input: {
    texts: ManualTexts;
    recipient: RecipientRow;
    availabilityCuid: string | null;
    withSms: boolean;
  },
): Promise<RenderedCopies> {
  const { texts, recipient } = input;
  const data = await buildTemplateData(tx, organiser, {
    urls,
    customerId: recipient.id,
    registrationCuids: recipient.registrationCuids,
    availabilityCuids: input.availabilityCuid ? [input.availabilityCuid] : [],
    message: { subject: texts.subject, content: texts.content },
  });
  try {
    const email = texts.email
      ? await renderEmail({
          language: organiser.language as TemplateLanguage,
          organiser: organiserBrand(organiser, urls),
          template: { subject: texts.subject, content: texts.content },
          data,
        })
      : null;
    const sms =
      texts.sms && input.withSms ? await renderSms({ template: texts.smsBody, data }) : null;
    return { email, sms };
  } catch (error) {
    return templateInvalid(error);
  }
}

/** The SMS as the preview shows it: its body, encoding and parts. */
export function smsPreview(body: string): NonNullable<ManualPreview["sms"]> {
  const length = smsLength(body);
  return { body, encoding: length.encoding, segments: length.segments };
}
