import { redirect } from "react-router";
import { requireStorefront } from "../../lib/server-context";
import type { Route } from "./+types/redirect";

/**
 * The layout's register link on authentication pages points here (spec "Layout"); it leads to
 * the registration page in the same language, keeping the query (redirect parameter).
 */
export function loader({ context, params, request }: Route.LoaderArgs) {
  requireStorefront(context);
  const { search } = new URL(request.url);
  const prefix = params.lang ? `/${params.lang}` : "";
  throw redirect(`${prefix}/auth/register${search}`);
}

export default function AuthRedirect() {
  return null;
}
