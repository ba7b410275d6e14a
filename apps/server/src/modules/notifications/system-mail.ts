import type { TenantTx } from "@booking/db";
import { fullName } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import type { DefaultTemplateKey } from "./defaults/index.ts";
import { findDefaultTemplate } from "./defaults/index.ts";
import { type RenderedEmail, renderEmail, type TemplateLanguage } from "./render/index.ts";
import {
  type EmailTemplateData,
  emptyTemplateData,
  type TemplateCustomer,
} from "./template-data.ts";
import { blankTemplateData } from "./template-data-base.ts";
import { organiserBrand } from "./template-links.ts";
import { resolveTemplate } from "./template-store.ts";

// The product's own e-mails (cart confirmation, waiting-list offer, refunds, password resets,
// invitations), rendered from their template (the organiser's edited version or the default)
// with the data of the event that sends them, in the organiser's language.

/** The parts of §3.4's data a product e-mail adds to the organiser's. */
export type SystemMailData = Partial<
  Pick<
    EmailTemplateData,
    "customer" | "collaborator" | "link" | "inviter" | "offer" | "refund" | "invoice" | "reminder"
  >
>;

export function templateCustomer(row: {
  firstname: string;
  lastname: string;
  email: string;
  phone?: string | null;
}): TemplateCustomer {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullName(row.firstname, row.lastname),
    email: row.email,
    phone: row.phone || null,
  };
}

export function templateCollaborator(row: { firstname: string; lastname: string; email: string }) {
  return {
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullName(row.firstname, row.lastname),
    email: row.email,
  };
}

/** A product e-mail of an organiser, from its template (edited or default) and its data. */
async function renderOrganiserEmail(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  key: DefaultTemplateKey,
  data: EmailTemplateData,
): Promise<RenderedEmail> {
  const language = organiser.language as TemplateLanguage;
  return renderEmail({
    language,
    organiser: organiserBrand(organiser, urls),
    template: await resolveTemplate(tx, organiser.id, key, language),
    data,
  });
}

/** A product e-mail of an organiser with the parts of data its event gives. */
export function organiserEmail(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  key: DefaultTemplateKey,
  parts: SystemMailData,
): Promise<RenderedEmail> {
  return renderOrganiserEmail(tx, organiser, urls, key, {
    ...emptyTemplateData(organiser, urls),
    ...parts,
  });
}

/** The console standing for the organiser of a staff e-mail sent outside any organiser. */
function consoleData(urls: PublicUrls, language: TemplateLanguage): EmailTemplateData {
  const home = urls.console();
  return blankTemplateData(
    {
      name: CONSOLE_NAME,
      language,
      currency: "EUR",
      timezone: "Europe/Brussels",
      email: null,
      phone: null,
      website_url: home,
      logo_url: null,
    },
    {
      url: home,
      profile_url: home,
      registrations_url: home,
      carts_url: home,
      bundles_url: home,
      vouchers_url: home,
      memberships_url: home,
    },
  );
}

const CONSOLE_NAME = "Console";

/**
 * A staff e-mail (collaborator-password-reset, collaborator-invitation): always the default as
 * written, as the organiser given (its name, logo and language), or as the console when the
 * collaborator belongs to none.
 */
export async function staffEmail(
  urls: PublicUrls,
  key: DefaultTemplateKey,
  organiser: Organiser | null,
  parts: SystemMailData,
): Promise<RenderedEmail> {
  const language = (organiser?.language ?? "fr") as TemplateLanguage;
  const template = findDefaultTemplate(key);
  if (template?.audience !== "collaborator") throw new Error(`${key} is not a staff e-mail`);
  return renderEmail({
    language,
    organiser: organiser
      ? organiserBrand(organiser, urls)
      : { name: CONSOLE_NAME, logoUrl: null, accentColor: null, websiteUrl: urls.console() },
    template: template[language],
    data: {
      ...(organiser ? emptyTemplateData(organiser, urls) : consoleData(urls, language)),
      ...parts,
    },
  });
}
