import { whiteTextContrast } from "@booking/domain/website/colour-contrast";
import { inlineStyles } from "./inline-styles.ts";
import { escapeHtml, type TemplateLanguage } from "./liquid.ts";

// The frame of every e-mail (platform-and-account.md §3.4: 600 px): MJML turns it into the
// table-based, responsive HTML mail clients understand. Compiling MJML takes tens of
// milliseconds, so the frame is compiled once per shape (language, with or without a logo and an
// unsubscribe link) with markers where the organiser's name, colours, content and footer go,
// and each message only fills the markers in (decision 0050).

/** What the frame shows of the organiser. */
export interface OrganiserBrand {
  name: string;
  /** absolute URL of the logo, or null to show the name alone */
  logoUrl: string | null;
  /** "#RRGGBB" of the website, used for the buttons when white text reads on it */
  accentColor: string | null;
  /** the storefront's home, which the logo and name link to */
  websiteUrl: string;
}

const DEFAULT_ACCENT = "#18181b";

const UNSUBSCRIBE_LABEL: Record<TemplateLanguage, string> = {
  fr: "Se désabonner",
  en: "Unsubscribe",
};

/** The markers the compiled frame holds; none can come out of MJML or a template by chance. */
const MARK = {
  name: "%%BRAND_NAME%%",
  logo: "%%BRAND_LOGO%%",
  website: "%%BRAND_WEBSITE%%",
  accent: "%%BRAND_ACCENT%%",
  subject: "%%MESSAGE_SUBJECT%%",
  content: "%%MESSAGE_CONTENT%%",
  footer: "%%MESSAGE_FOOTER%%",
  unsubscribe: "%%MESSAGE_UNSUBSCRIBE%%",
} as const;

interface FrameShape {
  language: TemplateLanguage;
  hasLogo: boolean;
  hasUnsubscribe: boolean;
}

function frameSource(shape: FrameShape): string {
  const logo = shape.hasLogo
    ? `<mj-image src="${MARK.logo}" alt="${MARK.name}" href="${MARK.website}" width="160px" align="left" padding="0 0 12px" />`
    : "";
  const unsubscribe = shape.hasUnsubscribe ? `<br /><br />${MARK.unsubscribe}` : "";
  return `<mjml lang="${shape.language}">
  <mj-head>
    <mj-title>${MARK.subject}</mj-title>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="#18181b" font-size="15px" line-height="1.6" padding="0" />
      <mj-section background-color="#ffffff" padding="24px 32px" />
    </mj-attributes>
  </mj-head>
  <mj-body width="600px" background-color="#f4f4f5">
    <mj-wrapper padding="24px 0">
      <mj-section border-bottom="1px solid #e4e4e7" border-top="4px solid ${MARK.accent}" border-radius="8px 8px 0 0">
        <mj-column>
          ${logo}
          <mj-text font-size="18px" font-weight="bold"><a href="${MARK.website}" style="color:#18181b;text-decoration:none">${MARK.name}</a></mj-text>
        </mj-column>
      </mj-section>
      <mj-section>
        <mj-column>
          <mj-text css-class="content">${MARK.content}</mj-text>
        </mj-column>
      </mj-section>
      <mj-section border-top="1px solid #e4e4e7" padding="16px 32px" border-radius="0 0 8px 8px">
        <mj-column>
          <mj-text font-size="12px" color="#71717a">${MARK.footer}${unsubscribe}</mj-text>
        </mj-column>
      </mj-section>
    </mj-wrapper>
  </mj-body>
</mjml>`;
}

const frames = new Map<string, Promise<string>>();

/**
 * The compiled frame of a shape, compiled at its first use; MJML errors are bugs of this file.
 * MJML itself is loaded then (it takes a second and ~50 MB): processes that send no e-mail
 * never load it, and the server loads it at start (`warmEmailFrames`).
 */
function compiledFrame(shape: FrameShape): Promise<string> {
  const key = `${shape.language} ${shape.hasLogo} ${shape.hasUnsubscribe}`;
  let frame = frames.get(key);
  if (!frame) {
    frame = import("mjml")
      .then(({ default: mjml2html }) =>
        mjml2html(frameSource(shape), { validationLevel: "strict", keepComments: false }),
      )
      .then((result) => result.html)
      .catch((error: unknown) => {
        frames.delete(key);
        throw error;
      });
    frames.set(key, frame);
  }
  return frame;
}

/** Compiles every shape of the frame now, so that no e-mail written in a request waits for MJML. */
export async function warmEmailFrames(): Promise<void> {
  const shapes = (["fr", "en"] as const).flatMap((language) =>
    [true, false].flatMap((hasLogo) =>
      [true, false].map((hasUnsubscribe) => ({ language, hasLogo, hasUnsubscribe })),
    ),
  );
  await Promise.all(shapes.map(compiledFrame));
}

/** The organiser's accent when white text reads on it (WCAG 3:1 for bold text), else dark grey. */
function buttonAccent(accentColor: string | null): string {
  if (!accentColor || !/^#[0-9a-f]{6}$/i.test(accentColor)) return DEFAULT_ACCENT;
  return (whiteTextContrast(accentColor) ?? 0) >= 3 ? accentColor : DEFAULT_ACCENT;
}

export interface FrameInput {
  language: TemplateLanguage;
  brand: OrganiserBrand;
  subject: string;
  /** the rendered content, HTML */
  contentHtml: string;
  /** the footer line, plain text */
  footer: string;
  unsubscribeUrl: string | null;
}

/** The whole e-mail: the frame of its shape with the brand, content and footer filled in. */
export async function emailFrame(input: FrameInput): Promise<string> {
  const { brand } = input;
  const frame = await compiledFrame({
    language: input.language,
    hasLogo: brand.logoUrl !== null,
    hasUnsubscribe: input.unsubscribeUrl !== null,
  });
  const accent = buttonAccent(brand.accentColor);
  const values: Record<keyof typeof MARK, string> = {
    name: escapeHtml(brand.name),
    logo: escapeHtml(brand.logoUrl ?? ""),
    website: escapeHtml(brand.websiteUrl),
    accent,
    subject: escapeHtml(input.subject),
    content: inlineStyles(input.contentHtml, accent),
    footer: escapeHtml(input.footer),
    unsubscribe: input.unsubscribeUrl
      ? `<a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#71717a">${UNSUBSCRIBE_LABEL[input.language]}</a>`
      : "",
  };
  // One pass over the frame: a value that happens to contain a marker is not filled in again.
  return frame.replace(
    /%%(BRAND_NAME|BRAND_LOGO|BRAND_WEBSITE|BRAND_ACCENT|MESSAGE_SUBJECT|MESSAGE_CONTENT|MESSAGE_FOOTER|MESSAGE_UNSUBSCRIBE)%%/g,
    (marker) => values[markerKey(marker)],
  );
}

const KEYS_BY_MARK = new Map(
  (Object.entries(MARK) as Array<[keyof typeof MARK, string]>).map(([key, mark]) => [mark, key]),
);

function markerKey(marker: string): keyof typeof MARK {
  return KEYS_BY_MARK.get(marker)!;
}

export const UNSUBSCRIBE_TEXT = UNSUBSCRIBE_LABEL;
