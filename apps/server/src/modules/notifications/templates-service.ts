import type {
  AdminNotificationTemplateListItem,
  AdminNotificationTemplateView,
  defaultNotificationTemplateBody,
  NotificationTemplatePreview,
  NotificationTemplateVariable,
  notificationTemplateBody,
  notificationTemplatePreviewBody,
} from "@booking/contracts";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import type { PublicUrls } from "../../http/public-urls.ts";
import {
  checkSmsTemplate,
  checkTemplate,
  renderEmail,
  renderSms,
  type TemplateLanguage,
  TemplateRenderError,
  TemplateSyntaxError,
} from "./render/index.ts";
import { sampleTemplateData } from "./template-data.ts";
import { organiserBrand } from "./template-links.ts";
import { TEMPLATE_VARIABLES, type TemplateVariable } from "./template-variables.ts";
import { type EditableDefault, editableDefault, editableDefaults } from "./templates-defaults.ts";
import {
  deleteTemplateRow,
  findCustomTemplate,
  findEditedDefault,
  insertCustomTemplate,
  listTemplateRows,
  rulesUsingTemplate,
  type TemplateRow,
  updateCustomTemplate,
  upsertEditedDefault,
} from "./templates-queries.ts";

type TemplateInput = z.output<typeof notificationTemplateBody>;
type DefaultInput = z.output<typeof defaultNotificationTemplateBody>;
type PreviewInput = z.output<typeof notificationTemplatePreviewBody>;

/** The language templates are written and sent in: the organiser's (customers have none). */
const languageOf = (context: ConsoleContext): TemplateLanguage =>
  context.organiser.language === "en" ? "en" : "fr";

/** What the audit log keeps of a template. */
const audited = (template: { name: string; type: string; subject: string; content: string }) => ({
  name: template.name,
  type: template.type,
  subject: template.subject,
  content: template.content,
});

/**
 * A template's Liquid that does not parse (or render), as the editor shows it: the field it is
 * in, its line and liquidjs's message. Anything else is not the template's fault.
 */
function templateInvalid(error: unknown): never {
  if (error instanceof TemplateSyntaxError || error instanceof TemplateRenderError) {
    const field =
      error instanceof TemplateSyntaxError && error.field === "subject" ? "subject" : "content";
    throw new AppError(
      "TEMPLATE_INVALID",
      { [field]: "TEMPLATE_INVALID" },
      { line: error.line, message: error.message, field },
    );
  }
  throw error;
}

/** Parses the template before anything is written: a syntax error is a 400, nothing changed. */
function checkSource(type: "EMAIL" | "SMS", source: { subject: string; content: string }) {
  try {
    if (type === "SMS") checkSmsTemplate(source.content);
    else checkTemplate(source);
  } catch (error) {
    templateInvalid(error);
  }
}

function customView(row: TemplateRow, language: TemplateLanguage): AdminNotificationTemplateView {
  return {
    cuid: row.cuid,
    default_key: null,
    name: row.name,
    type: row.type,
    subject: row.subject,
    content: row.content,
    origin: "custom",
    updated_at: row.updatedAt.toISOString(),
    language,
  };
}

/** A default as the organiser sees it: its edited version when there is one. */
function defaultView(
  template: EditableDefault,
  row: TemplateRow | null,
  language: TemplateLanguage,
): AdminNotificationTemplateView {
  return {
    cuid: row?.cuid ?? null,
    default_key: template.key,
    name: template.name,
    type: template.type,
    subject: row?.subject ?? template.subject,
    content: row?.content ?? template.content,
    origin: row ? "edited" : "default",
    updated_at: row?.updatedAt.toISOString() ?? null,
    language,
  };
}

const listItem = ({
  content: _content,
  language: _language,
  ...item
}: AdminNotificationTemplateView) => item satisfies AdminNotificationTemplateListItem;

async function requireCustom(context: ConsoleContext, cuid: string): Promise<TemplateRow> {
  const row = await findCustomTemplate(context.db, context.organiser.id, cuid);
  if (!row) throw new AppError("NOTIFICATION_TEMPLATE_NOT_FOUND");
  return row;
}

function requireDefault(context: ConsoleContext, key: string): EditableDefault {
  const template = editableDefault(key, languageOf(context));
  if (!template) throw new AppError("NOTIFICATION_TEMPLATE_NOT_FOUND");
  return template;
}

/** The variable tree of §3.4 as the picker shows it. */
function pickerTree(variables: readonly TemplateVariable[]): NotificationTemplateVariable[] {
  return variables.map((variable) => ({
    path: variable.path,
    label: variable.label,
    example: variable.example ?? null,
    item: variable.item ?? null,
    children: pickerTree(variable.children ?? []),
  }));
}

export const templatesConsole = {
  /** The editable defaults in their order (as written or edited), then the organiser's own. */
  async list(context: ConsoleContext): Promise<{ data: AdminNotificationTemplateListItem[] }> {
    const language = languageOf(context);
    const rows = await listTemplateRows(context.db, context.organiser.id);
    const edited = new Map(
      rows.filter((row) => row.defaultKey).map((row) => [row.defaultKey, row]),
    );
    const defaults = editableDefaults(language).map((template) =>
      listItem(defaultView(template, edited.get(template.key) ?? null, language)),
    );
    const custom = rows
      .filter((row) => row.defaultKey === null)
      .map((row) => listItem(customView(row, language)));
    return { data: [...defaults, ...custom] };
  },

  async get(context: ConsoleContext, cuid: string): Promise<AdminNotificationTemplateView> {
    return customView(await requireCustom(context, cuid), languageOf(context));
  },

  async getDefault(context: ConsoleContext, key: string): Promise<AdminNotificationTemplateView> {
    const template = requireDefault(context, key);
    const row = await findEditedDefault(context.db, context.organiser.id, template.key);
    return defaultView(template, row, languageOf(context));
  },

  async create(
    context: ConsoleContext,
    body: TemplateInput,
  ): Promise<AdminNotificationTemplateView> {
    checkSource(body.type, body);
    const row = await insertCustomTemplate(context.db, context.organiser.id, {
      name: body.name,
      type: body.type,
      subject: body.type === "SMS" ? "" : body.subject,
      content: body.content,
    });
    await context.audit({
      action: "notification_template.created",
      entity: "notification_template",
      entityId: row.cuid,
      after: audited(row),
    });
    return customView(row, languageOf(context));
  },

  /** Saves the whole template; its type stays what it was created as. */
  async update(
    context: ConsoleContext,
    cuid: string,
    body: TemplateInput,
  ): Promise<AdminNotificationTemplateView> {
    const row = await requireCustom(context, cuid);
    if (body.type !== row.type) throw validationError({ type: "INVALID_CHOICE" });
    checkSource(row.type, body);
    const updated = await updateCustomTemplate(context.db, row.id, {
      name: body.name,
      subject: row.type === "SMS" ? "" : body.subject,
      content: body.content,
    });
    await context.audit({
      action: "notification_template.updated",
      entity: "notification_template",
      entityId: cuid,
      before: audited(row),
      after: audited(updated),
    });
    return customView(updated, languageOf(context));
  },

  /** Deletes one of the organiser's own templates, unless a rule still sends it (409). */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const row = await requireCustom(context, cuid);
    const rules = await rulesUsingTemplate(context.db, context.organiser.id, cuid);
    if (rules.length > 0) {
      throw new AppError("TEMPLATE_IN_USE", undefined, { rules: rules.join(", ") });
    }
    await deleteTemplateRow(context.db, context.organiser.id, row.id);
    await context.audit({
      action: "notification_template.deleted",
      entity: "notification_template",
      entityId: cuid,
      before: audited(row),
    });
  },

  /** The organiser's text of a default: what its messages say from now on. */
  async updateDefault(
    context: ConsoleContext,
    key: string,
    body: DefaultInput,
  ): Promise<AdminNotificationTemplateView> {
    const template = requireDefault(context, key);
    checkSource(template.type, body);
    const before = await findEditedDefault(context.db, context.organiser.id, template.key);
    const row = await upsertEditedDefault(context.db, context.organiser.id, {
      key: template.key,
      name: template.name,
      type: template.type,
      subject: body.subject,
      content: body.content,
    });
    await context.audit({
      action: "notification_template.default_edited",
      entity: "notification_template",
      entityId: template.key,
      before: audited(before ?? template),
      after: audited(row),
    });
    return defaultView(template, row, languageOf(context));
  },

  /** Drops the organiser's text of a default (nothing to do when it has none). */
  async resetDefault(context: ConsoleContext, key: string): Promise<AdminNotificationTemplateView> {
    const template = requireDefault(context, key);
    const row = await findEditedDefault(context.db, context.organiser.id, template.key);
    if (row && (await deleteTemplateRow(context.db, context.organiser.id, row.id))) {
      await context.audit({
        action: "notification_template.default_reset",
        entity: "notification_template",
        entityId: template.key,
        before: audited(row),
        after: audited(template),
      });
    }
    return defaultView(template, null, languageOf(context));
  },

  /**
   * The template as typed, rendered on the organiser's latest real data (sample values where it
   * has none yet) in its language, exactly as a message would be; nothing is written.
   */
  async preview(
    context: ConsoleContext,
    urls: PublicUrls,
    body: PreviewInput,
  ): Promise<NotificationTemplatePreview> {
    const language = languageOf(context);
    checkSource(body.type, body);
    const data = await sampleTemplateData(context.db, context.organiser, urls);
    try {
      if (body.type === "SMS") {
        const text = await renderSms({ template: body.content, data });
        return { subject: null, html: null, text, language };
      }
      const email = await renderEmail({
        language,
        organiser: organiserBrand(context.organiser, urls),
        template: { subject: body.subject, content: body.content },
        data,
      });
      return { ...email, language };
    } catch (error) {
      templateInvalid(error);
    }
  },

  variables(): { data: NotificationTemplateVariable[] } {
    return { data: pickerTree(TEMPLATE_VARIABLES) };
  },
};
