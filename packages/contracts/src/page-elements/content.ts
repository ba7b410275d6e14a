import { z } from "zod";
import { LIMITS, requiredText } from "../common.ts";
import { findCurrentTab, IFRAME_SANDBOX } from "./render-rules.ts";

export { findCurrentTab, IFRAME_SANDBOX };

import {
  ALIGNMENTS,
  aspectRatio,
  cssLength,
  fontWeight,
  hexColor,
  httpsUrl,
  imageSrc,
  linkHref,
  optionalLinkHref,
  optionalText,
  uniqueList,
} from "./primitives.ts";

// Settings of the content sections (family "content"), the containers (family "layout") and the
// blocks (family "content"). Spec: "Content blocks", §5 (split hero) and §9 (defaults).

export const SECTION_LAYOUTS = ["full-width", "container"] as const;

/** A choice without default: REQUIRED when missing, INVALID_CHOICE otherwise. */
const requiredChoice = (issue: { input?: unknown }) =>
  issue.input === undefined ? "REQUIRED" : "INVALID_CHOICE";
export const SECTION_PADDINGS = ["none", "small", "medium", "large"] as const;

// ---------------------------------------------------------------------------------------------
// Content sections

/** A wide banner: title over an optional image, with an optional button. */
export const bannerSettings = z.object({
  title: requiredText(),
  subtitle: optionalText(LIMITS.longText),
  image: imageSrc.nullish().transform((value) => value ?? null),
  image_alt: z.string().trim().max(LIMITS.shortText, "TOO_LONG").default(""),
  button_label: optionalText(),
  button_href: optionalLinkHref,
  alignment: z.enum(ALIGNMENTS).default("center"),
});

/** A plain section that holds containers: optional background colour, vertical padding. */
export const basicSectionSettings = z.object({
  background: hexColor.nullish().transform((value) => value ?? null),
  padding: z.enum(SECTION_PADDINGS).default("medium"),
  layout: z.enum(SECTION_LAYOUTS).default("container"),
});

/** A section that only sets the content width. */
export const containerSectionSettings = z.object({
  layout: z.enum(SECTION_LAYOUTS).default("container"),
  padding: z.enum(SECTION_PADDINGS).default("medium"),
});

/** Page header: title (the page title when empty), subtitle, breadcrumb. */
export const headerSectionSettings = z.object({
  title: optionalText(),
  subtitle: optionalText(LIMITS.longText),
  breadcrumb: z.boolean().default(true),
});

/**
 * Split hero: text on one side, image on the other (`origin` is the image's side). Spec §5: label,
 * title, description, image, layout and origin are required and have no default, so a section
 * missing one fails validation and renders nothing. The button is optional.
 */
export const splitHeroSettings = z.object({
  label: requiredText(),
  title: requiredText(),
  description: requiredText(LIMITS.longText),
  image: imageSrc,
  image_alt: z.string().trim().max(LIMITS.shortText, "TOO_LONG").default(""),
  layout: z.enum(SECTION_LAYOUTS, { error: requiredChoice }),
  origin: z.enum(["left", "right"], { error: requiredChoice }),
  button_label: optionalText(),
  button_href: optionalLinkHref,
});

// ---------------------------------------------------------------------------------------------
// Containers

/** A plain container: its blocks stacked. */
export const basicContainerSettings = z.object({});

export const FLEX_DIRECTIONS = ["row", "column", "row-reverse", "column-reverse"] as const;
export const FLEX_JUSTIFY = ["start", "center", "end", "between", "around", "evenly"] as const;
export const FLEX_ALIGN = ["start", "center", "end", "stretch", "baseline"] as const;

/** Flex container (spec §9: gap 1rem, row, start, center). Wraps by default so rows fit phones. */
export const flexContainerSettings = z.object({
  gap: cssLength.default("1rem"),
  direction: z.enum(FLEX_DIRECTIONS).default("row"),
  justify: z.enum(FLEX_JUSTIFY).default("start"),
  align: z.enum(FLEX_ALIGN).default("center"),
  wrap: z.boolean().default(true),
});

/** Grid container (spec §9: 3 columns, gap 2rem); one column on screens at most 600px wide. */
export const gridContainerSettings = z.object({
  columns: z.int().min(1, "TOO_SMALL").max(12, "TOO_BIG").default(3),
  gap: cssLength.default("2rem"),
});

// ---------------------------------------------------------------------------------------------
// Blocks

export const ALERT_VARIANTS = ["blue", "red", "yellow", "green"] as const;

export const alertSettings = z.object({
  variant: z.enum(ALERT_VARIANTS).default("yellow"),
  title: optionalText(),
  text: requiredText(LIMITS.longText),
});

export const BUTTON_VARIANTS = ["blurred", "white", "plain", "primary", "secondary"] as const;

/** A link styled as a button; `href` follows the link rule (site path, #anchor, https, mailto, tel). */
export const buttonSettings = z.object({
  variant: z.enum(BUTTON_VARIANTS).default("primary"),
  label: requiredText(),
  href: linkHref,
  new_tab: z.boolean().default(false),
});

/** FAQ accordion: one item open at a time is the renderer's choice; at least one item. */
export const faqSettings = z.object({
  items: z
    .array(
      z.object({
        question: requiredText(),
        answer: requiredText(LIMITS.longText),
      }),
    )
    .min(1, "TOO_SMALL")
    .max(50, "TOO_BIG"),
});

/** Icons a feature highlight may show; the web app draws each one. */
export const FEATURE_ICONS = [
  "calendar",
  "clock",
  "users",
  "heart",
  "star",
  "shield",
  "leaf",
  "sun",
  "map-pin",
  "credit-card",
  "gift",
  "trophy",
  "music",
  "palette",
  "book",
  "smile",
] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

export const featureHighlightSettings = z.object({
  alignment: z.enum(ALIGNMENTS).default("center"),
  icon: z
    .enum(FEATURE_ICONS)
    .nullish()
    .transform((value) => value ?? null),
  title: requiredText(),
  text: optionalText(LIMITS.longText),
});

export const HEADING_LEVELS = [1, 2, 3, 4] as const;
export type HeadingLevel = (typeof HEADING_LEVELS)[number];

/** Heading H1 to H4 (spec §9: 32px, weight 700, black). */
export const headingSettings = z.object({
  level: z.literal(HEADING_LEVELS, "INVALID_CHOICE").default(2),
  text: requiredText(),
  font_size: cssLength.default("32px"),
  font_weight: fontWeight.default(700),
  color: hexColor.default("#000000"),
  alignment: z.enum(ALIGNMENTS).default("left"),
});

/** An embedded page: https only, a title for assistive technologies (spec §9: 100%, 16 / 9). */
export const iframeSettings = z.object({
  src: httpsUrl,
  title: requiredText(),
  width: cssLength.default("100%"),
  aspect_ratio: aspectRatio.default("16 / 9"),
});

/** An image; `alt` "" marks it decorative; with `href` it is a link. */
export const imageSettings = z.object({
  src: imageSrc,
  alt: z.string().trim().max(LIMITS.shortText, "TOO_LONG").default(""),
  aspect_ratio: aspectRatio.default("auto"),
  href: optionalLinkHref,
});

/** A paragraph of plain text (spec §9: 1rem, weight 400); line breaks are kept. */
export const paragraphSettings = z.object({
  text: requiredText(LIMITS.longText),
  font_size: cssLength.default("1rem"),
  font_weight: fontWeight.default(400),
  color: hexColor.nullish().transform((value) => value ?? null),
  alignment: z.enum(ALIGNMENTS).default("left"),
});

/** Largest rich-text HTML, in UTF-8 bytes (50 kB). */
export const RICH_TEXT_MAX_BYTES = 50 * 1024;

/** The console editor's default table (spec: 3 rows, 2 columns, with a header row). */
export const RICH_TEXT_TABLE_DEFAULTS = { rows: 3, cols: 2, withHeaderRow: true } as const;

const utf8 = new TextEncoder();

/** Stored HTML, sanitised by the web app when rendered (and by the console when saved). */
export const richTextSettings = z.object({
  html: z
    .string()
    .max(RICH_TEXT_MAX_BYTES, "TOO_LONG")
    .refine((value) => utf8.encode(value).length <= RICH_TEXT_MAX_BYTES, "TOO_LONG")
    .default(""),
});

/** What a contact-details block may show, read from the organiser's settings when rendered. */
export const CONTACT_DETAILS = ["address", "map", "email", "phone"] as const;
export type ContactDetail = (typeof CONTACT_DETAILS)[number];
export const MAP_PROVIDERS = ["openstreetmap", "google"] as const;
export type MapProvider = (typeof MAP_PROVIDERS)[number];

/**
 * The organiser's contact details (address, a map search link for it, e-mail, phone), in the
 * order listed. The values are not settings: the storefront reads them from the organiser's
 * account settings, so the block stays current when they change.
 */
export const contactDetailsSettings = z.object({
  title: optionalText(),
  details: uniqueList(z.enum(CONTACT_DETAILS), CONTACT_DETAILS.length).default(() => [
    ...CONTACT_DETAILS,
  ]),
  map_provider: z.enum(MAP_PROVIDERS).default("openstreetmap"),
});

/** Tabs: links, the current one found by `findCurrentTab` (matching path and query). */
export const tabsSettings = z.object({
  items: z
    .array(z.object({ label: requiredText(), href: linkHref }))
    .min(1, "TOO_SMALL")
    .max(20, "TOO_BIG"),
});

export type BannerSettings = z.output<typeof bannerSettings>;
export type BasicSectionSettings = z.output<typeof basicSectionSettings>;
export type ContainerSectionSettings = z.output<typeof containerSectionSettings>;
export type HeaderSectionSettings = z.output<typeof headerSectionSettings>;
export type SplitHeroSettings = z.output<typeof splitHeroSettings>;
export type BasicContainerSettings = z.output<typeof basicContainerSettings>;
export type FlexContainerSettings = z.output<typeof flexContainerSettings>;
export type GridContainerSettings = z.output<typeof gridContainerSettings>;
export type AlertSettings = z.output<typeof alertSettings>;
export type ButtonSettings = z.output<typeof buttonSettings>;
export type ContactDetailsSettings = z.output<typeof contactDetailsSettings>;
export type FaqSettings = z.output<typeof faqSettings>;
export type FeatureHighlightSettings = z.output<typeof featureHighlightSettings>;
export type HeadingSettings = z.output<typeof headingSettings>;
export type IframeSettings = z.output<typeof iframeSettings>;
export type ImageSettings = z.output<typeof imageSettings>;
export type ParagraphSettings = z.output<typeof paragraphSettings>;
export type RichTextSettings = z.output<typeof richTextSettings>;
export type TabsSettings = z.output<typeof tabsSettings>;
