import { z } from "zod";
import { emailAddress, LIMITS } from "../common.ts";
import {
  footerSettings,
  headerSettings,
  type NavigationLink,
  navigationLink,
  topbarSettings,
} from "../organiser.ts";
import { isSafeLinkHref, optionalText } from "../page-elements/primitives.ts";

/**
 * The site's layout and theme in the console (/api/admin/website, `website.website.read|update`):
 * top bar, header, navigation, footer, accent colour, theme, custom CSS, favicon and the register
 * page's texts. PATCH takes any of the parts and replaces each given part whole.
 */

/** The themes the storefront draws (a font stack and corner radii each; app.css). */
export const WEBSITE_THEMES = ["default", "classic", "rounded"] as const;
export type WebsiteTheme = (typeof WEBSITE_THEMES)[number];

/** Longest custom CSS kept, in characters. */
export const MAX_CUSTOM_CSS_LENGTH = 20_000;

/** Levels of navigation: top links, their children (dropdown), grandchildren (mega menu). */
export const NAVIGATION_MAX_DEPTH = 3;
/** Links at any one level of the navigation. */
export const NAVIGATION_MAX_SIBLINGS = 30;

/** WCAG AA for normal text: an accent below it against white text gets a warning. */
export const ACCENT_MIN_CONTRAST = 4.5;

const hexColour = z
  .string("INVALID_TYPE")
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "INVALID_FORMAT")
  .transform((value) => value.toUpperCase());

const linkId = z
  .string("INVALID_TYPE")
  .trim()
  .min(1, "REQUIRED")
  .max(64, "TOO_LONG")
  .regex(/^[A-Za-z0-9_-]+$/, "INVALID_FORMAT");

const linkName = z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(100, "TOO_LONG");

/**
 * The page builder's link rule (site path, #anchor, https:, mailto:, tel:) within the length the
 * storefront's layout blocks accept (a longer one would make the storefront omit the block).
 */
const MAX_LAYOUT_HREF_LENGTH = 500;
const layoutHref = z
  .string("INVALID_TYPE")
  .trim()
  .min(1, "REQUIRED")
  .max(MAX_LAYOUT_HREF_LENGTH, "TOO_LONG")
  .refine(isSafeLinkHref, "INVALID_FORMAT");
const optionalLayoutHref = z
  .union([z.literal(""), layoutHref])
  .nullish()
  .transform((value) => value || null);

/** A navigation link as the editor sends it, at most `depth` levels deep (itself included). */
function navigationLinkBody(depth: number): z.ZodType<NavigationLink> {
  return z.object({
    id: linkId,
    name: linkName,
    href: layoutHref.default("#"),
    children:
      depth > 1
        ? z.array(navigationLinkBody(depth - 1)).max(NAVIGATION_MAX_SIBLINGS, "TOO_BIG")
        : z.array(z.unknown()).max(0, "TOO_BIG"),
  }) as unknown as z.ZodType<NavigationLink>;
}

export const navigationBody = z
  .array(navigationLinkBody(NAVIGATION_MAX_DEPTH))
  .max(NAVIGATION_MAX_SIBLINGS, "TOO_BIG");

/** Footer link lists are flat. */
const flatLinks = (max: number) => z.array(navigationLinkBody(1)).max(max, "TOO_BIG");

export const topbarBody = z.object({
  email: z
    .union([z.literal(""), emailAddress])
    .nullish()
    .transform((value) => value || null),
  phone: optionalText(40),
  announcement: z
    .object({
      text: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(300, "TOO_LONG"),
      href: optionalLayoutHref,
    })
    .nullable(),
  text_color: hexColour,
  background_color: hexColour,
});

export const headerBody = z.object({
  logo_position: z.enum(["left", "center"], "INVALID_CHOICE"),
  links_position: z.enum(["left", "center", "right"], "INVALID_CHOICE"),
  sticky: z.boolean("INVALID_TYPE"),
});

export const footerBody = z.object({
  brand: optionalText(100),
  quote: optionalText(300),
  columns: z
    .array(
      z.object({
        id: linkId,
        title: z.string("INVALID_TYPE").trim().max(100, "TOO_LONG"),
        links: flatLinks(20),
      }),
    )
    .max(6, "TOO_BIG"),
  legal_links: flatLinks(10),
  call_to_action: z
    .object({
      text: z.string("INVALID_TYPE").trim().min(1, "REQUIRED").max(200, "TOO_LONG"),
      href: layoutHref,
    })
    .nullable(),
});

/**
 * A storefront page's own title and subtitle (the register page, the newsletter-unsubscribe
 * page); null: the default texts of the page's language.
 */
export const pageTextsBody = z.object({
  title: optionalText(LIMITS.name),
  subtitle: optionalText(300),
});
export type PageTexts = z.output<typeof pageTextsBody>;
/** The pages whose texts the Layout tab edits, stored under website.pages_settings. */
export const TEXT_PAGES = ["register", "newsletter_unsubscribe"] as const;
export type TextPage = (typeof TEXT_PAGES)[number];

const pageTextsView = z.object({ title: z.string().nullable(), subtitle: z.string().nullable() });

/** PATCH /api/admin/website: the parts to replace (at least one). */
export const websiteSettingsBody = z
  .object({
    topbar: topbarBody,
    header: headerBody,
    navigation: navigationBody,
    footer: footerBody,
    accent_color: hexColour,
    theme: z.enum(WEBSITE_THEMES, "INVALID_CHOICE"),
    css: z.string("INVALID_TYPE").max(MAX_CUSTOM_CSS_LENGTH, "TOO_LONG"),
    register: pageTextsBody,
    newsletter_unsubscribe: pageTextsBody,
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "REQUIRED");
export type WebsiteSettingsBody = z.input<typeof websiteSettingsBody>;

/** What a navigation or footer link may point to inside the site (the editor's href picker). */
export const linkTargets = z.object({
  pages: z.array(z.object({ path: z.string(), title: z.string() })),
  activities: z.array(z.object({ cuid: z.string(), title: z.string() })),
  categories: z.array(
    z.object({ cuid: z.string(), title: z.string(), group: z.string(), href: z.string() }),
  ),
  /** site paths that always answer (/terms, /blog, /auth/login…), without language prefix */
  routes: z.array(z.string()),
});
export type LinkTargets = z.infer<typeof linkTargets>;

export const websiteSettingsView = z.object({
  topbar: topbarSettings,
  header: headerSettings.omit({ links: true }),
  navigation: z.array(navigationLink),
  footer: footerSettings,
  accent_color: z.string(),
  /** contrast ratio of white text on the accent colour */
  accent_contrast: z.number(),
  theme: z.enum(WEBSITE_THEMES),
  css: z.string(),
  favicon_url: z.string().nullable(),
  /** the organiser's logo (account settings), shown in the header preview */
  logo_url: z.string().nullable(),
  register: pageTextsView,
  newsletter_unsubscribe: pageTextsView,
  link_targets: linkTargets,
  /** internal hrefs of the top bar, navigation and footer that lead to no page */
  unresolved_links: z.array(z.string()),
});
export type WebsiteSettingsView = z.infer<typeof websiteSettingsView>;
