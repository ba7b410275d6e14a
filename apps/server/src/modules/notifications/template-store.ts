import { notificationTemplates, type TenantTx } from "@booking/db";
import { and, eq } from "@booking/db/orm";
import {
  DEFAULT_TEMPLATES,
  type DefaultTemplateKey,
  findDefaultTemplate,
} from "./defaults/index.ts";
import type { TemplateLanguage, TemplateSource } from "./render/index.ts";

export { DEFAULT_TEMPLATES };

/**
 * The text a product e-mail is sent with (decision 0050): the organiser's edited version of the
 * default when it saved one (its row in notification_templates), else the default as written in
 * code in the organiser's language. Staff e-mails are not editable: always the default.
 */
export async function resolveTemplate(
  tx: TenantTx,
  organiserId: number,
  key: DefaultTemplateKey | string,
  language: TemplateLanguage,
): Promise<TemplateSource> {
  const template = findDefaultTemplate(key);
  if (!template) throw new Error(`no default notification template "${key}"`);
  if (!template.editable) return template[language];
  const [edited] = await tx
    .select({ subject: notificationTemplates.subject, content: notificationTemplates.content })
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.organiserId, organiserId),
        eq(notificationTemplates.defaultKey, key),
      ),
    )
    .limit(1);
  return edited ?? template[language];
}
