import { clsx } from "clsx";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { composeHref } from "../../../lib/admin/manual-messages-api";
import { MailIcon } from "../../icons";
import { buttonClasses } from "../../ui/button";

/**
 * "Send a message": opens the composer on a target (an availability, one of its dates, the
 * registrations list as filtered, a customer), for collaborators allowed to write by hand.
 * `compact` is the small link of a list's row (a date).
 */
export function SendMessageLink({
  target,
  compact = false,
  testId = "send-message",
}: {
  target: Parameters<typeof composeHref>[0];
  compact?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  if (!can("notifications.trigger")) return null;
  return (
    <Link
      to={composeHref(target)}
      className={clsx(
        compact
          ? "inline-flex items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100"
          : buttonClasses("secondary"),
      )}
      data-testid={testId}
    >
      <MailIcon className="size-4" />
      {t("admin.manual_messages.open")}
    </Link>
  );
}
