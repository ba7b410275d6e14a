import { data, redirect } from "react-router";
import { notFound, requireAdmin } from "../server-context";
import { type ConsoleLoaderArgs, forbidden } from "./loaders";
import { loginHref } from "./paths";

/**
 * A platform API read (`/api/admin/platform/…`) for an operator page's loader: its 401 goes to
 * the operators' log-in, 403 to the "no access" page, 404 to the not-found page.
 */
export async function platformGet<T>(args: ConsoleLoaderArgs, path: string): Promise<T> {
  const admin = requireAdmin(args.context);
  const answer = await admin.api.get<T>(path);
  if (answer.status >= 200 && answer.status < 300) return answer.body;
  const url = new URL(args.request.url);
  if (answer.status === 401) throw redirect(loginHref(`${url.pathname}${url.search}`));
  if (answer.status === 403) forbidden();
  if (answer.status === 404) notFound();
  throw data(answer.body, { status: answer.status });
}
