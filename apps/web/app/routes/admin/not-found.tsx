import { notFound, requireAdmin } from "../../lib/server-context";
import type { Route } from "./+types/not-found";

export function loader({ context }: Route.LoaderArgs) {
  requireAdmin(context);
  notFound();
}

export default function AdminNotFound() {
  return null;
}
