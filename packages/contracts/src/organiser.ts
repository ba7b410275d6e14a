import { z } from "zod";

import { LANGUAGES } from "./languages.ts";

export { LANGUAGES, type Language } from "./languages.ts";

export const ageFormatRule = z.object({
  type: z.enum(["seconds", "minutes", "hours", "days", "weeks", "months", "years"]),
  number_of_days: z.number().positive(),
  limit: z.number().positive().nullable(),
  rounding_interval: z.number().positive(),
  rounding_method: z.enum(["down", "up", "nearest"]),
});
export type AgeFormatRule = z.infer<typeof ageFormatRule>;

/** The organiser as the storefront sees it (spec: name, logo, language, currency, timezone, ages). */
export const publicOrganiser = z.object({
  id: z.int(),
  cuid: z.string(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  language: z.enum(LANGUAGES),
  currency: z.string(),
  timezone: z.string(),
  settings: z.object({
    create_customers_participant: z.boolean(),
    formats: z.object({ ages: z.array(ageFormatRule) }),
  }),
});
export type PublicOrganiser = z.infer<typeof publicOrganiser>;

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/);

export interface NavigationLink {
  id: string;
  name: string;
  href: string;
  children: NavigationLink[];
}

export const navigationLink: z.ZodType<NavigationLink> = z.lazy(() =>
  z.object({
    id: z.string().min(1),
    name: z.string().min(1).max(100),
    href: z.string().max(500).default("#"),
    children: z.array(navigationLink).max(30).default([]),
  }),
);

/** storefront.md "Layout": top bar settings. An e-mail that is not valid fails the block. */
export const topbarSettings = z.object({
  email: z.email().nullable().default(null),
  phone: z.string().max(40).nullable().default(null),
  announcement: z
    .object({
      text: z.string().min(1).max(300),
      href: z.string().max(500).nullable().default(null),
    })
    .nullable()
    .default(null),
  text_color: hexColour.default("#FFFFFF"),
  background_color: hexColour.default("#000000"),
});
export type TopbarSettings = z.infer<typeof topbarSettings>;

export const headerSettings = z.object({
  logo_position: z.enum(["left", "center"]).default("left"),
  links_position: z.enum(["left", "center", "right"]).default("right"),
  sticky: z.boolean().default(true),
  links: z.array(navigationLink).max(30).default([]),
});
export type HeaderSettings = z.infer<typeof headerSettings>;

export const footerSettings = z.object({
  brand: z.string().max(100).nullable().default(null),
  quote: z.string().max(300).nullable().default(null),
  columns: z
    .array(
      z.object({
        id: z.string().min(1),
        title: z.string().max(100),
        links: z.array(navigationLink).max(20),
      }),
    )
    .max(6)
    .default([]),
  legal_links: z.array(navigationLink).max(10).default([]),
  /** shown beside the copyright line with the current year */
  call_to_action: z
    .object({ text: z.string().min(1).max(200), href: z.string().max(500) })
    .nullable()
    .default(null),
});
export type FooterSettings = z.infer<typeof footerSettings>;

export interface WebsiteLayout {
  topbar: TopbarSettings;
  header: HeaderSettings;
  footer: FooterSettings;
}
