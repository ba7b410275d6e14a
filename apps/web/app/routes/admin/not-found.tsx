import { requireConsole } from "../../lib/admin/loaders";
import { notFound } from "../../lib/server-context";
import type { Route } from "./+types/not-found";

/** An unknown console path: the not-found page in the shell (the log-in page for a visitor). */
export function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  notFound();
}

export default function AdminNotFound() {
  return null;
}
