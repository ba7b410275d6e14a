import { notFound, requireStorefront } from "../../lib/server-context";
import type { Route } from "./+types/not-found";

/** Any path that matches no page: a 404 answered with the not-found page inside the layout. */
export function loader({ context }: Route.LoaderArgs) {
  requireStorefront(context);
  notFound();
}

export default function NotFound() {
  return null;
}
