import type { NotificationRuleInput } from "@booking/contracts";
import type { TenantTx } from "@booking/db";
import { sql } from "@booking/db/orm";
import { AppError } from "../../http/app-error.ts";
import {
  checkSmsTemplate,
  checkTemplate,
  TemplateRenderError,
  TemplateSyntaxError,
} from "./render/index.ts";
import { findRulesByCuid, type RuleRow } from "./rules-queries.ts";

/**
 * The default templates a rule may send: those whose data a rule's event gives (a cart and its
 * registrations). The others need what only their own feature has (a reset link, a refund).
 */
export const RULE_TEMPLATE_KEYS = ["cart-confirmation"] as const;

/**
 * Field codes for what the rule names but the organiser does not have: activities, categories,
 * rules it depends on (not itself), its template.
 */
export async function unknownReferences(
  tx: TenantTx,
  organiserId: number,
  input: NotificationRuleInput,
  self: RuleRow | null,
): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  const { activity_ids: activities, category_ids: categories } = input.requirements;
  const found = await tx.execute<{ activities: number; categories: number; templates: number }>(sql`
    select
      (select count(*)::int from activities where organiser_id = ${organiserId} and id = any(${sql.param(activities)}::integer[])) as activities,
      (select count(*)::int from categories where organiser_id = ${organiserId} and id = any(${sql.param(categories)}::integer[])) as categories,
      (select count(*)::int from notification_templates where organiser_id = ${organiserId} and cuid = ${input.template_cuid ?? ""} and type = 'EMAIL' and default_key is null) as templates`);
  const counts = found.rows[0]!;
  if (counts.activities !== new Set(activities).size) {
    fields["requirements.activity_ids"] = "INVALID_CHOICE";
  }
  if (counts.categories !== new Set(categories).size) {
    fields["requirements.category_ids"] = "INVALID_CHOICE";
  }
  if (input.template_cuid !== null && counts.templates === 0)
    fields.template_cuid = "INVALID_CHOICE";
  if (
    input.template_key !== null &&
    !(RULE_TEMPLATE_KEYS as readonly string[]).includes(input.template_key)
  ) {
    fields.template_key = "INVALID_CHOICE";
  }
  const dependencies = await findRulesByCuid(tx, organiserId, input.dependencies);
  if (
    dependencies.length !== new Set(input.dependencies).size ||
    (self !== null && input.dependencies.includes(self.cuid))
  ) {
    fields.dependencies = "INVALID_CHOICE";
  }
  return fields;
}

/** The rule's own texts must parse (400 TEMPLATE_INVALID with the line, on the field). */
export function checkRuleTexts(input: NotificationRuleInput): void {
  try {
    if (
      input.channels.includes("EMAIL") &&
      input.template_key === null &&
      input.template_cuid === null
    ) {
      checkTemplate({ subject: input.title, content: input.content });
    }
    if (input.channels.includes("SMS")) checkSmsTemplate(input.sms_content);
  } catch (error) {
    if (error instanceof TemplateSyntaxError || error instanceof TemplateRenderError) {
      const part = error instanceof TemplateSyntaxError ? error.field : "content";
      const field = { subject: "title", sms: "sms_content" }[part as string] ?? "content";
      throw new AppError(
        "TEMPLATE_INVALID",
        { [field]: "TEMPLATE_INVALID" },
        { line: error.line, message: error.message },
      );
    }
    throw error;
  }
}
