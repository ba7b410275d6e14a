import { previewSectionsRequest, sectionDataKey } from "@booking/contracts";
import { requireStorefront } from "../../lib/server-context";
import { storedPagePath } from "../../lib/stored-page";
import { loadPageSections } from "../../sections/load.server";
import { loadingElements, previewPageView } from "../../sections/preview/preview-page";
import type { Route } from "./+types/preview-sections";

/**
 * A page in preview mode asks here (POST `PREVIEW_SECTIONS_PATH`) what to draw for the editor's
 * unsaved content: the tree validated as a stored page's (an element that fails renders nothing)
 * and the data of its loading sections, by the same loaders, for the page's address (filters and
 * paging live in its query), except the data the preview already holds (`known`). The server runs
 * this as a visitor without session (public data of this organiser only); nothing changes.
 * Validating here keeps the settings schemas out of the storefront's scripts.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { reader, organiser } = requireStorefront(context);
  const body = previewSectionsRequest.safeParse(await request.json().catch(() => undefined));
  if (!body.success) {
    const fields: Record<string, string> = {};
    for (const issue of body.error.issues) fields[issue.path.join(".") || "body"] ??= issue.message;
    return Response.json({ error: "VALIDATION_ERROR", fields }, { status: 400 });
  }
  // On this site whatever the body says: only the path and query of `location` are taken.
  const given = new URL(body.data.location, "http://preview.invalid");
  const url = new URL(`${given.pathname}${given.search}`, new URL(request.url).origin);
  const known = new Set(body.data.known);
  const page = previewPageView(body.data.content, storedPagePath(url));
  const sections = await loadPageSections(page, {
    url,
    reader,
    organiser,
    shouldLoad: (node) => !known.has(sectionDataKey(node)),
  });
  const data: Record<string, unknown> = {};
  for (const { node, key } of loadingElements(sections.elements)) {
    if (Object.hasOwn(sections.data, String(node.id))) data[key] = sections.data[String(node.id)];
  }
  return Response.json({ elements: sections.elements, data });
}
