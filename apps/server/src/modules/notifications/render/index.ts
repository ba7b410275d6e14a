import type { EmailTemplateData } from "../template-data-types.ts";
import { emailFrame, type OrganiserBrand, UNSUBSCRIBE_TEXT } from "./layout.ts";
import {
  liquidEngine,
  parseTemplate,
  type RenderFormat,
  renderTemplate,
  SafeHtml,
  type TemplateLanguage,
} from "./liquid.ts";
import { plainText } from "./text.ts";

// Rendering a message (decision 0050): the template's Liquid with the data given, sandboxed, in
// the organiser's MJML frame, with a plain-text part made from the same content.

export type { EmailTemplateData } from "../template-data-types.ts";
export { type OrganiserBrand, warmEmailFrames } from "./layout.ts";
export { TemplateRenderError, TemplateSyntaxError } from "./liquid.ts";
export type { TemplateLanguage };

export interface TemplateSource {
  /** Liquid, plain text */
  subject: string;
  /** Liquid, HTML from the rich editor (or plain text for an SMS) */
  content: string;
  /** Liquid, plain text: the footer line; absent, "This e-mail was sent to you by {organiser}." */
  footer?: string | null;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const DEFAULT_FOOTER: Record<TemplateLanguage, string> = {
  fr: "Cet e-mail vous est envoyé par {{ organiser.name }}.",
  en: "This e-mail was sent to you by {{ organiser.name }}.",
};

/** French typography puts a (no-break) space before a colon. */
const COLON: Record<TemplateLanguage, string> = { fr: "\u00a0: ", en: ": " };

function formatOf(data: EmailTemplateData): RenderFormat {
  const { language, currency, timezone } = data.organiser;
  return { language, currency, timezone };
}

/** The data as the HTML template reads it: the message's content is HTML, printed unescaped. */
function htmlScope(data: EmailTemplateData): object {
  return data.message
    ? { ...data, message: { ...data.message, content: new SafeHtml(data.message.content) } }
    : data;
}

/** The data as a plain-text template reads it: the message's content as text. */
function textScope(data: EmailTemplateData): object {
  return data.message
    ? { ...data, message: { ...data.message, content: plainText(data.message.content) } }
    : data;
}

/** A subject is one line of text: line breaks and runs of spaces become single spaces. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * Liquid (sandboxed: own properties only, no files, render/memory limits, HTML-escaped output)
 * → the MJML 600 px frame → HTML and plain text. Throws TemplateSyntaxError or
 * TemplateRenderError for a template that cannot be rendered.
 */
export async function renderEmail(input: {
  language: TemplateLanguage;
  organiser: OrganiserBrand;
  template: TemplateSource;
  data: EmailTemplateData;
  unsubscribeUrl?: string | null;
  /** Liquid, HTML rendered after the content (an activity's confirmation message, 0101) */
  appendix?: string;
}): Promise<RenderedEmail> {
  const format = { ...formatOf(input.data), language: input.language };
  const html = liquidEngine(format, "html");
  const text = liquidEngine(format, "text");
  const scope = htmlScope(input.data);
  const plainScope = textScope(input.data);
  const unsubscribeUrl = input.unsubscribeUrl ?? input.data.unsubscribe_url ?? null;
  const [subject, mainHtml, appendixHtml, footer] = await Promise.all([
    renderTemplate(text, input.template.subject, plainScope, "subject"),
    renderTemplate(html, input.template.content, scope, "content"),
    input.appendix ? renderTemplate(html, input.appendix, scope, "content") : "",
    renderTemplate(
      text,
      input.template.footer ?? DEFAULT_FOOTER[input.language],
      plainScope,
      "footer",
    ),
  ]);
  const contentHtml = mainHtml + appendixHtml;
  const subjectLine = oneLine(subject);
  const footerLine = oneLine(footer);
  const page = await emailFrame({
    language: input.language,
    brand: input.organiser,
    subject: subjectLine,
    contentHtml,
    footer: footerLine,
    unsubscribeUrl,
  });
  const textPart = [
    plainText(contentHtml),
    footerLine,
    ...(unsubscribeUrl
      ? [`${UNSUBSCRIBE_TEXT[input.language]}${COLON[input.language]}${unsubscribeUrl}`]
      : []),
  ]
    .filter((part) => part.length > 0)
    .join("\n\n");
  return { subject: subjectLine, html: page, text: textPart };
}

/**
 * Liquid over rich-editor HTML to an HTML fragment, without the e-mail's frame: an activity's
 * confirmation message on the account's registration page (decision 0101).
 */
export async function renderHtmlFragment(input: {
  template: string;
  data: EmailTemplateData;
}): Promise<string> {
  const engine = liquidEngine(formatOf(input.data), "html");
  return renderTemplate(engine, input.template, htmlScope(input.data), "content");
}

/** Liquid to plain text for an SMS body (no HTML escaping; surrounding blank space removed). */
export async function renderSms(input: {
  template: string;
  data: EmailTemplateData;
}): Promise<string> {
  const engine = liquidEngine(formatOf(input.data), "text");
  const body = await renderTemplate(engine, input.template, textScope(input.data), "sms");
  return body.trim();
}

/** Any format parses the same: only the filters' output depends on it. */
const CHECK_FORMAT: RenderFormat = { language: "fr", currency: "EUR", timezone: "UTC" };

/**
 * Parses every part of a template without rendering it; throws TemplateSyntaxError { line,
 * field, message } for the editor to show (400 TEMPLATE_INVALID).
 */
export function checkTemplate(source: TemplateSource): void {
  const text = liquidEngine(CHECK_FORMAT, "text");
  const html = liquidEngine(CHECK_FORMAT, "html");
  parseTemplate(text, source.subject, "subject");
  parseTemplate(html, source.content, "content");
  if (source.footer) parseTemplate(text, source.footer, "footer");
}

/** Checks an SMS body the same way (field "sms"). */
export function checkSmsTemplate(body: string): void {
  parseTemplate(liquidEngine(CHECK_FORMAT, "text"), body, "sms");
}
