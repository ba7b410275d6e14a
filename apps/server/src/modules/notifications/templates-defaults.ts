import type { DefaultTemplateKey } from "./defaults/index.ts";
import type { TemplateLanguage } from "./render/index.ts";
import { DEFAULT_TEMPLATES } from "./template-store.ts";

/** A product e-mail the organiser may edit, as written in code in its language. */
export interface EditableDefault {
  key: DefaultTemplateKey;
  name: string;
  type: "EMAIL";
  subject: string;
  content: string;
}

/**
 * The defaults the console offers, in their order: the customers' e-mails. Staff e-mails (a
 * collaborator's password reset and invitation) are the platform's, not the organiser's.
 */
export function editableDefaults(language: TemplateLanguage): EditableDefault[] {
  return DEFAULT_TEMPLATES.filter((template) => template.editable).map((template) => ({
    key: template.key,
    name: template.name[language],
    type: "EMAIL",
    subject: template[language].subject,
    content: template[language].content,
  }));
}

export function editableDefault(key: string, language: TemplateLanguage): EditableDefault | null {
  return editableDefaults(language).find((template) => template.key === key) ?? null;
}
