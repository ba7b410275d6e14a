import { data } from "react-router";
import { NotFoundContent } from "../../components/status-pages";
import { requireStorefront } from "../../lib/server-context";
import type { Route } from "./+types/page-not-found";

export function loader({ context }: Route.LoaderArgs) {
  requireStorefront(context);
  // The page exists to tell people something is missing: answer 404 so it is never indexed.
  return data(null, { status: 404 });
}

export default function PageNotFound() {
  return <NotFoundContent />;
}
