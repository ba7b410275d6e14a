import {
  footerSettings,
  headerSettings,
  type LinkTargets,
  topbarSettings,
  WEBSITE_THEMES,
  type WebsiteSettingsView,
  type WebsiteTheme,
  type websiteSettingsBody,
} from "@booking/contracts";
import { DEFAULT_WEBSITE_LAYOUT, type OrganiserWebsite, type WebsiteLayout } from "@booking/db";
import { whiteTextContrast } from "@booking/domain/website/colour-contrast";
import { CustomCssSyntaxError, sanitiseCustomCss } from "@booking/domain/website/custom-css";
import { STOREFRONT_ROUTES, treeHrefs, unresolvedHrefs } from "@booking/domain/website/site-links";
import type { z } from "zod";
import { validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { changedFields } from "../activities/audit-changes.ts";
import type { ResizedImage } from "../images/resize.ts";
import { type ImageStore, UPLOADS_URL_PREFIX } from "../images/storage.ts";
import { lockOrganiser } from "../organisers/console-queries.ts";
import type { Organiser } from "../organisers/queries.ts";
import { catalogueSettings, pageTexts } from "../pages/service.ts";
import { linkTargetRows, updateWebsite } from "./console-queries.ts";

export interface WebsiteDeps {
  images: ImageStore;
}

type WebsiteBody = z.output<typeof websiteSettingsBody>;

/**
 * A stored layout block read as the storefront reads it: with the schema's defaults, and the
 * platform's defaults when what is stored fails validation (the storefront omits such a block;
 * the editor starts again from the defaults, and saving replaces it).
 */
function layoutOf(website: OrganiserWebsite): WebsiteLayout {
  const stored = (website.layout ?? {}) as Partial<Record<keyof WebsiteLayout, unknown>>;
  const block = <T>(schema: z.ZodType<T>, value: unknown, fallback: T) => {
    const parsed = schema.safeParse(value ?? {});
    return parsed.success ? parsed.data : fallback;
  };
  return {
    topbar: block(topbarSettings, stored.topbar, DEFAULT_WEBSITE_LAYOUT.topbar),
    header: block(headerSettings, stored.header, DEFAULT_WEBSITE_LAYOUT.header),
    footer: block(footerSettings, stored.footer, DEFAULT_WEBSITE_LAYOUT.footer),
  };
}

function themeOf(website: OrganiserWebsite): WebsiteTheme {
  return (WEBSITE_THEMES as readonly string[]).includes(website.theme)
    ? (website.theme as WebsiteTheme)
    : "default";
}

/** The audited parts of the website settings, in the shape the console edits them. */
function partsOf(website: OrganiserWebsite) {
  const { header, ...layout } = layoutOf(website);
  const { links, ...headerParts } = header;
  return {
    ...layout,
    header: headerParts,
    navigation: links,
    accent_color: website.accent_color,
    theme: themeOf(website),
    css: website.css ?? "",
    favicon_url: website.favicon_url ?? null,
    register: pageTexts(website, "register"),
    newsletter_unsubscribe: pageTexts(website, "newsletter_unsubscribe"),
  };
}

/** Every href of the top bar, navigation and footer. */
function* layoutHrefs(layout: WebsiteLayout): Generator<string> {
  if (layout.topbar.announcement?.href) yield layout.topbar.announcement.href;
  yield* treeHrefs(layout.header.links);
  for (const column of layout.footer.columns) yield* treeHrefs(column.links);
  yield* treeHrefs(layout.footer.legal_links);
  if (layout.footer.call_to_action) yield layout.footer.call_to_action.href;
}

async function linkTargets(context: ConsoleContext, organiser: Organiser): Promise<LinkTargets> {
  const { pageRows, activityRows, categoryRows } = await linkTargetRows(context.db, organiser.id);
  const catalogue = catalogueSettings(organiser.website.pages_settings).path;
  return {
    pages: pageRows,
    activities: activityRows,
    // The catalogue filtered on the category, as its filter writes the query.
    categories: categoryRows.map((row) => ({
      cuid: row.cuid,
      title: row.title,
      group: row.groupTitle,
      href: `${catalogue}?category-${row.groupCuid}=${row.cuid}`,
    })),
    routes: [...STOREFRONT_ROUTES],
  };
}

/**
 * The site's layout and theme (issue 13 item 5): read, save any of its parts, upload or remove
 * the favicon. Each save locks the organiser's row, writes only the parts given and audits what
 * changed; the console's successful writes drop the organiser's public answers cache
 * (public-answers.ts), so the storefront shows the change at once.
 */
export function createWebsiteConsole(deps: WebsiteDeps) {
  async function viewOf(
    context: ConsoleContext,
    organiser: Organiser,
  ): Promise<WebsiteSettingsView> {
    const parts = partsOf(organiser.website);
    const targets = await linkTargets(context, organiser);
    const resolvable = {
      pages: targets.pages.map((page) => page.path),
      activities: targets.activities.map((activity) => activity.cuid),
    };
    return {
      ...parts,
      accent_contrast: whiteTextContrast(parts.accent_color) ?? 1,
      logo_url: organiser.logoUrl,
      link_targets: targets,
      unresolved_links: unresolvedHrefs(layoutHrefs(layoutOf(organiser.website)), resolvable),
    };
  }

  /** Deletes the files of a favicon uploaded here once it is replaced or removed. */
  function removeUploadedFavicon(context: ConsoleContext, url: string | null): void {
    const folder = `${UPLOADS_URL_PREFIX}/${context.organiser.cuid}/`;
    if (!url?.startsWith(folder)) return;
    const storagePath = url.slice(UPLOADS_URL_PREFIX.length + 1);
    context.afterCommit(() => deps.images.remove(storagePath));
  }

  async function writeFavicon(context: ConsoleContext, url: string | null) {
    const before = await lockOrganiser(context.db, context.organiser.id);
    const previous = before.website.favicon_url ?? null;
    const after = await updateWebsite(context.db, before.id, { favicon_url: url });
    if (previous !== url) {
      await context.audit({
        action: "website.favicon_updated",
        entity: "organiser",
        entityId: before.cuid,
        before: { favicon_url: previous },
        after: { favicon_url: url },
      });
    }
    removeUploadedFavicon(context, previous);
    return viewOf(context, after);
  }

  return {
    read(context: ConsoleContext): Promise<WebsiteSettingsView> {
      return viewOf(context, context.organiser);
    },

    /** CSS that PostCSS cannot read is INVALID_FORMAT on `css`; hostile parts are dropped. */
    async update(context: ConsoleContext, input: WebsiteBody): Promise<WebsiteSettingsView> {
      let css: string | undefined;
      if (input.css !== undefined) {
        try {
          css = sanitiseCustomCss(input.css).css;
        } catch (error) {
          if (error instanceof CustomCssSyntaxError)
            throw validationError({ css: "INVALID_FORMAT" });
          throw error;
        }
      }
      const before = await lockOrganiser(context.db, context.organiser.id);
      const layout = layoutOf(before.website);
      const nextLayout: WebsiteLayout = {
        topbar: input.topbar ?? layout.topbar,
        header: {
          ...layout.header,
          ...input.header,
          links: input.navigation ?? layout.header.links,
        },
        footer: input.footer ?? layout.footer,
      };
      const layoutChanged = input.topbar || input.header || input.navigation || input.footer;
      const after = await updateWebsite(
        context.db,
        before.id,
        {
          ...(layoutChanged ? { layout: nextLayout } : {}),
          ...(input.accent_color !== undefined ? { accent_color: input.accent_color } : {}),
          ...(input.theme !== undefined ? { theme: input.theme } : {}),
          ...(css !== undefined ? { css } : {}),
        },
        {
          ...(input.register ? { register: input.register } : {}),
          ...(input.newsletter_unsubscribe
            ? { newsletter_unsubscribe: input.newsletter_unsubscribe }
            : {}),
        },
      );
      const changes = changedFields(partsOf(before.website), partsOf(after.website));
      if (Object.keys(changes.after).length > 0) {
        await context.audit({
          action: "website.updated",
          entity: "organiser",
          entityId: before.cuid,
          ...changes,
        });
      }
      return viewOf(context, after);
    },

    async setFavicon(context: ConsoleContext, upload: ResizedImage): Promise<WebsiteSettingsView> {
      const stored = await deps.images.save(context.organiser.cuid, upload);
      try {
        return await writeFavicon(context, stored.publicUrl);
      } catch (error) {
        await deps.images.remove(stored.storagePath);
        throw error;
      }
    },

    removeFavicon(context: ConsoleContext): Promise<WebsiteSettingsView> {
      return writeFavicon(context, null);
    },
  };
}
