import {
  type FooterSettings,
  footerSettings,
  type HeaderSettings,
  headerSettings,
  type Language,
  type TopbarSettings,
  topbarSettings,
} from "@booking/contracts";
import type { z } from "zod";
import type { AccentPalette } from "./color";
import { dateTimeFormat } from "./format";
import type { Own } from "./own-values";
import type { StorefrontContext } from "./server-context";

/** What every storefront page needs to draw its layout (topbar, header, footer). */
export interface StorefrontShell {
  organiser: {
    name: string;
    logo: string | null;
    contact_email: string | null;
    contact_phone: string | null;
    /** for what the browser formats itself (the cart drawer) */
    currency: string;
    timezone: string;
  };
  customer: { firstname: string; fullname: string } | null;
  /**
   * The customer's open cart as GET /api/carts/current answers it, in JSON (one value of the
   * customer's own, decision 0058): the cart drawer reads it instead of asking; null without a
   * customer or without a cart.
   */
  cart: string | null;
  impersonated: boolean;
  topbar: TopbarSettings | null;
  header: HeaderSettings | null;
  footer: FooterSettings | null;
  /** The current year in the organiser's timezone (computed once, so server and client agree). */
  year: number;
}

/** The site's look beyond its layout blocks: theme, custom CSS (sanitised when saved), favicon. */
export interface StorefrontSite {
  theme: string;
  css: string;
  favicon: string | null;
}

export type RootData = (
  | {
      kind: "storefront";
      lang: Language;
      palette: AccentPalette;
      shell: StorefrontShell;
      site: StorefrontSite;
    }
  | { kind: "admin"; lang: Language; palette: AccentPalette }
  | { kind: "platform"; lang: Language; palette: AccentPalette }
) & { nonce: string };

/**
 * A layout block as stored: absent means "not customised yet" and gets the schema defaults; a
 * block whose settings fail validation is omitted (spec: "A header, topbar or footer block whose
 * settings fail schema validation is omitted").
 */
export function parseLayoutBlock<T extends z.ZodType>(
  schema: T,
  value: unknown,
  name: string,
  organiserSlug: string,
): z.infer<T> | null {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  console.warn(
    `[layout] ${name} settings of organiser "${organiserSlug}" are invalid and the block is omitted:`,
    parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
  );
  return null;
}

export function currentYear(timeZone: string): number {
  try {
    // The shared formatter: building one per page was a noticeable part of every render.
    return Number(dateTimeFormat("en", { year: "numeric", timeZone }).format(new Date()));
  } catch {
    return new Date().getUTCFullYear();
  }
}

export function storefrontSite(context: StorefrontContext): StorefrontSite {
  const { organiser } = context;
  return {
    theme: organiser.theme,
    // Sanitised when saved; "<" escaped again so nothing stored some other way ends the <style>.
    css: organiser.custom_css.replace(/</g, "\\3c "),
    favicon: organiser.favicon_url,
  };
}

type OrganiserShell = Pick<StorefrontShell, "organiser" | "topbar" | "header" | "footer">;

/**
 * The organiser's part of the shell, validated once per organiser value: the page context's
 * organiser is shared and frozen while the public answers cache keeps it (decision 0035), so
 * its layout blocks are parsed once per refresh rather than once per page (decision 0058).
 */
const organiserShells = new WeakMap<StorefrontContext["organiser"], OrganiserShell>();

function organiserShell(organiser: StorefrontContext["organiser"]): OrganiserShell {
  const known = organiserShells.get(organiser);
  if (known) return known;
  const layout = organiser.layout ?? {};
  const shell: OrganiserShell = {
    organiser: {
      name: organiser.name,
      logo: organiser.logo,
      contact_email: organiser.contact_email,
      contact_phone: organiser.contact_phone,
      currency: organiser.currency,
      timezone: organiser.timezone,
    },
    topbar: parseLayoutBlock(topbarSettings, layout.topbar, "topbar", organiser.slug),
    header: parseLayoutBlock(headerSettings, layout.header, "header", organiser.slug),
    footer: parseLayoutBlock(footerSettings, layout.footer, "footer", organiser.slug),
  };
  organiserShells.set(organiser, shell);
  return shell;
}

/** `own`: the customer's names and cart are theirs (marked when the page is rendered shared, 0058). */
export function buildStorefrontShell(context: StorefrontContext, own: Own): StorefrontShell {
  const { organiser, session } = context;
  return {
    ...organiserShell(organiser),
    customer: session.customer
      ? {
          firstname: own.text(session.customer.firstname),
          fullname: own.text(session.customer.fullname),
        }
      : null,
    cart: context.cart ? own.text(JSON.stringify(context.cart)) : null,
    impersonated: context.impersonated,
    year: currentYear(organiser.timezone),
  };
}
