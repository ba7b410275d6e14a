import { formatMoney } from "@booking/domain";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import { type DateStyle, dateFormat, LOCALES, type RenderFormat } from "./render/liquid.ts";
import type {
  EmailTemplateData,
  TemplateAccountLinks,
  TemplateOrganiser,
  TemplatePeriod,
} from "./template-data-types.ts";
import { accountLinks, templateOrganiser } from "./template-links.ts";

// What every message's data starts from: the organiser's formats and an empty §3.4 scope.

/** Amounts and dates written the organiser's way. */
export class TemplateFormatter {
  readonly format: RenderFormat;
  constructor(organiser: Pick<Organiser, "language" | "currency" | "timezone">) {
    this.format = {
      language: organiser.language,
      currency: organiser.currency,
      timezone: organiser.timezone,
    };
  }
  money(minor: number): string {
    return formatMoney(minor, this.format.currency, LOCALES[this.format.language]);
  }
  date(value: Date, style: DateStyle = "date"): string {
    return dateFormat(this.format, style).format(value);
  }
  range(start: Date, end: Date, style: DateStyle): string {
    return dateFormat(this.format, style).formatRange(start, end);
  }
  period(start: Date, end: Date, style: DateStyle = "datetime"): TemplatePeriod {
    return {
      start_at: start.toISOString(),
      end_at: end.toISOString(),
      period: this.range(start, end, style),
    };
  }
}

/** The data of a message about nothing in particular: the organiser and the account links. */
export function emptyTemplateData(organiser: Organiser, urls: PublicUrls): EmailTemplateData {
  return blankTemplateData(templateOrganiser(organiser, urls), accountLinks(organiser, urls));
}

/** The same for whoever stands for the organiser (the console, for a staff e-mail). */
export function blankTemplateData(
  organiser: TemplateOrganiser,
  account: TemplateAccountLinks,
): EmailTemplateData {
  return {
    message: null,
    organiser,
    customer: null,
    collaborator: null,
    registrations: [],
    bundles: [],
    vouchers: [],
    memberships: [],
    availabilities: [],
    cart: null,
    account,
    unsubscribe_url: null,
    link: null,
    inviter: null,
    offer: null,
    refund: null,
    invoice: null,
  };
}
