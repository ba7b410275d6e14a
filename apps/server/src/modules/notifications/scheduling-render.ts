import type { TenantTx } from "@booking/db";
import type { PublicUrls } from "../../http/public-urls.ts";
import type { Organiser } from "../organisers/queries.ts";
import {
  renderEmail,
  renderSms,
  type TemplateLanguage,
  type TemplateSource,
} from "./render/index.ts";
import type { RuleRow } from "./rules-queries.ts";
import { findRuleTemplate, type ScheduledRow } from "./scheduling-queries.ts";
import type { EventSubject } from "./scheduling-subject.ts";
import { buildTemplateData } from "./template-data.ts";
import { organiserBrand } from "./template-links.ts";
import { resolveTemplate } from "./template-store.ts";

/**
 * A rule's message for one recipient, rendered now (DESIGN.md: at send time, from the current
 * data): the template it names (a default one, or the organiser's edited version of it) or its
 * own title and content, with §3.4's data of the event's cart, registrations, availabilities
 * and memberships, and of the customer written to; in the organiser's language.
 */
export async function renderRuleMessage(
  tx: TenantTx,
  organiser: Organiser,
  urls: PublicUrls,
  rule: RuleRow,
  subject: EventSubject,
  row: Pick<ScheduledRow, "customerId">,
  channel: "EMAIL" | "SMS",
  appendix?: string,
): Promise<{ subject: string; html: string; text: string }> {
  const language = organiser.language as TemplateLanguage;
  const data = await buildTemplateData(tx, organiser, {
    urls,
    customerId: row.customerId ?? undefined,
    cartCuid: subject.scope.cartCuid ?? undefined,
    registrationCuids: subject.registrations.map((registration) => registration.cuid),
    availabilityCuids: subject.availabilityCuids,
    membershipCuids: subject.scope.membershipCuids,
  });
  if (channel === "SMS") {
    const text = await renderSms({ template: rule.smsContent, data });
    return { subject: "", html: "", text };
  }
  return renderEmail({
    language,
    organiser: organiserBrand(organiser, urls),
    template: await templateOf(tx, organiser, rule, language),
    data,
    appendix,
  });
}

async function templateOf(
  tx: TenantTx,
  organiser: Organiser,
  rule: RuleRow,
  language: TemplateLanguage,
): Promise<TemplateSource> {
  if (rule.templateKey) return resolveTemplate(tx, organiser.id, rule.templateKey, language);
  if (rule.templateCuid) {
    const template = await findRuleTemplate(tx, organiser.id, rule.templateCuid);
    if (!template) throw new RuleTemplateMissing(rule.templateCuid);
    return template;
  }
  return { subject: rule.title, content: rule.content };
}

/** The organiser's template a rule names was deleted: the rule's messages are skipped. */
export class RuleTemplateMissing extends Error {
  constructor(cuid: string) {
    super(`notification template ${cuid} no longer exists`);
  }
}
