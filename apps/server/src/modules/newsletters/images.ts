import { sanitizeHtml } from "@booking/domain/html";
import { UPLOADS_URL_PREFIX } from "../images/storage.ts";

/**
 * A newsletter's images are the organiser's own uploads (`/uploads/{organiser cuid}/{key}.webp`,
 * stored by POST /api/admin/newsletters/images): any other src — another organiser's, another
 * site's, a script — is dropped with its tag when the content is saved.
 */
export function sanitizeNewsletterHtml(html: string, organiserCuid: string): string {
  const own = new RegExp(`^${UPLOADS_URL_PREFIX}/${organiserCuid}/[a-f0-9]{32}\\.webp$`);
  return sanitizeHtml(html, { imageSrc: (src) => (own.test(src) ? src : null) });
}

/**
 * The content as mail apps need it: images addressed on the organiser's storefront (absolute)
 * and fitted to the 600 px column.
 */
export function mailReadyImages(html: string, storefrontOrigin: string): string {
  return html.replaceAll(
    `<img src="${UPLOADS_URL_PREFIX}/`,
    `<img style="display:block;max-width:100%;height:auto" src="${storefrontOrigin}${UPLOADS_URL_PREFIX}/`,
  );
}
