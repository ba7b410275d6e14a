import { AlertIcon } from "../icons";
import { LocalizedLink } from "../localized-link";
import { AccountCard } from "./card";

/** The "danger zone" at the bottom of a page: what can be deleted and the link to do it. */
export function DangerZone({
  title,
  body,
  to,
  label,
}: {
  title: string;
  body: string;
  to: string;
  label: string;
}) {
  return (
    <AccountCard tone="danger" title={title} description={body}>
      <LocalizedLink
        to={to}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-red-300 bg-white px-4 text-sm font-semibold text-red-700 transition-colors hover:border-red-400 hover:bg-red-50"
      >
        <AlertIcon className="size-4" />
        {label}
      </LocalizedLink>
    </AccountCard>
  );
}
