import type { RegistrationRequestItemView } from "@booking/contracts";
import type { TFunction } from "../../i18n/translator";
import type { Formatters } from "../../lib/format";

/**
 * What a registration request item asks for, line by line (cart drawer, checkout, success page):
 * its tier, each session (its weekday, dates and hours), and that its price is set on approval.
 */
export function requestItemLines(
  request: RegistrationRequestItemView,
  format: Formatters,
  t: TFunction,
): string[] {
  return [
    ...(request.tier ? [t("requests.item.tier", { name: request.tier.name })] : []),
    ...request.availabilities.map((session, index) =>
      t("requests.item.session", {
        position: index + 1,
        dates: format.dateRange(session.start_at, session.end_at),
      }),
    ),
    t("requests.item.price_on_approval"),
  ];
}

export function RequestItemSummary({
  request,
  format,
  t,
  testId,
}: {
  request: RegistrationRequestItemView;
  format: Formatters;
  t: TFunction;
  testId: string;
}) {
  return (
    <ul className="mt-1 flex flex-col text-sm break-words text-slate-600" data-testid={testId}>
      {requestItemLines(request, format, t).map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
