import { previewSectionsRequest } from "@booking/contracts";
import { requireStorefront } from "../../lib/server-context";
import { storedPagePath } from "../../lib/stored-page";
import { loadPageSections } from "../../sections/load";
import { loadingElements, previewPageView } from "../../sections/preview/preview-page";
import type { Route } from "./+types/preview-sections";

/**
 * The data of the sections of a page in preview mode (POST `PREVIEW_SECTIONS_PATH`): the editor's
 * unsaved content, loaded by the same section loaders as the stored page, for the page's address
 * (filters and paging live in its query). The server runs this as a visitor without session
 * (public data of this organiser only) and changes nothing. Answers each loading element's data
 * by cuid; an element whose loader failed is left out (it renders nothing, as on the page).
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
  const page = previewPageView(body.data.content, storedPagePath(url));
  const sections = await loadPageSections(page, { url, reader, organiser });
  const data: Record<string, unknown> = {};
  for (const { node } of loadingElements(sections.elements)) {
    data[node.cuid] = sections.data[String(node.id)];
  }
  return Response.json({ data });
}
