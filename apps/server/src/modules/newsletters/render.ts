import { AppError } from "../../http/app-error.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import {
  checkTemplate,
  type RenderedEmail,
  renderEmail,
  TemplateRenderError,
  TemplateSyntaxError,
} from "../notifications/render/index.ts";
import type { EmailTemplateData } from "../notifications/template-data-types.ts";
import {
  accountLinks,
  type LinkedOrganiser,
  organiserBrand,
  templateOrganiser,
} from "../notifications/template-links.ts";
import { mailReadyImages } from "./images.ts";

/** What a newsletter's mail is made of: its texts and who it goes to. */
export interface NewsletterTexts {
  subject: string;
  content: string;
}
export interface NewsletterReader {
  firstname: string;
  lastname: string;
  email: string;
}

/** A Liquid error as the editor shows it, on the field it is in (400 TEMPLATE_INVALID). */
function templateInvalid(error: unknown): never {
  if (error instanceof TemplateSyntaxError || error instanceof TemplateRenderError) {
    const field =
      error instanceof TemplateSyntaxError && error.field === "subject" ? "subject" : "content";
    throw new AppError(
      "TEMPLATE_INVALID",
      { [field]: "TEMPLATE_INVALID" },
      { line: error.line, message: error.message },
    );
  }
  throw error;
}

/** Parses the subject and content before anything is saved or sent. */
export function checkNewsletterTexts(texts: NewsletterTexts): void {
  try {
    checkTemplate(texts);
  } catch (error) {
    templateInvalid(error);
  }
}

/**
 * A newsletter's data for one reader: the organiser, the reader as `customer`, the account
 * links and the unsubscribe link — no query per reader, so that a send to 20,000 costs the same
 * per mail as to one (decision 0056).
 */
function newsletterData(
  organiser: LinkedOrganiser,
  urls: PublicUrls,
  reader: NewsletterReader,
  unsubscribeUrl: string | null,
): EmailTemplateData {
  return {
    message: null,
    organiser: templateOrganiser(organiser, urls),
    customer: {
      firstname: reader.firstname,
      lastname: reader.lastname,
      fullname: `${reader.firstname} ${reader.lastname}`.trim(),
      email: reader.email,
      phone: null,
    },
    registrations: [],
    bundles: [],
    vouchers: [],
    memberships: [],
    availabilities: [],
    cart: null,
    account: accountLinks(organiser, urls),
    unsubscribe_url: unsubscribeUrl,
    link: null,
    inviter: null,
    offer: null,
    refund: null,
    invoice: null,
  };
}

/** The newsletter's mail for one reader, in the organiser's language (customers have none). */
export async function renderNewsletter(
  organiser: LinkedOrganiser,
  urls: PublicUrls,
  texts: NewsletterTexts,
  reader: NewsletterReader,
  unsubscribeUrl: string | null,
): Promise<RenderedEmail> {
  const template = {
    subject: texts.subject,
    content: mailReadyImages(texts.content, urls.storefront(organiser)),
  };
  try {
    return await renderEmail({
      language: organiser.language,
      organiser: organiserBrand(organiser, urls),
      template,
      data: newsletterData(organiser, urls, reader, unsubscribeUrl),
      unsubscribeUrl,
    });
  } catch (error) {
    return templateInvalid(error);
  }
}
