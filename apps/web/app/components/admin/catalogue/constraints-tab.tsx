import type { AdminRegistrationConstraintView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { constraintsApi } from "../../../lib/admin/constraints-api";
import { ShieldIcon } from "../../icons";
import { ConstraintForm } from "./constraint-form";
import { OrderedItems } from "./ordered-items";

/** A plain day shown in the console's language (noon UTC keeps it on its day in any zone). */
const noonOf = (day: string) => `${day}T12:00:00Z`;

/**
 * The registration constraints of an activity (platform-and-account.md §3.2, §5), in their
 * order: each with the rule in words, its dates, the customers' message and whether it is advice.
 */
export function ConstraintsTab({
  activityCuid,
  constraints,
}: {
  activityCuid: string;
  constraints: AdminRegistrationConstraintView[];
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const format = useConsoleFormatters();
  const periodText = ({
    period_start: start,
    period_end: end,
  }: AdminRegistrationConstraintView["payload"]) => {
    if (start && end) {
      return t("admin.registration_constraints.period.between", {
        start: format.date(noonOf(start)),
        end: format.date(noonOf(end)),
      });
    }
    if (start)
      return t("admin.registration_constraints.period.from", { start: format.date(noonOf(start)) });
    if (end)
      return t("admin.registration_constraints.period.until", { end: format.date(noonOf(end)) });
    return null;
  };
  return (
    <OrderedItems
      items={constraints}
      nameOf={(constraint) => constraint.label}
      testId="constraints"
      icon={ShieldIcon}
      can={{
        create: can("activities.registration_constraints.create"),
        update: can("activities.registration_constraints.update"),
        delete: can("activities.registration_constraints.delete"),
      }}
      reorder={(cuids) => constraintsApi.reorder(activityCuid, cuids)}
      remove={(constraint) => constraintsApi.remove(activityCuid, constraint.cuid)}
      labels={{
        heading: t("admin.registration_constraints.heading"),
        intro: t("admin.registration_constraints.intro"),
        create: t("admin.registration_constraints.new"),
        edit: t("admin.registration_constraints.edit"),
        empty: t("admin.registration_constraints.empty"),
        deleteTitle: (constraint) =>
          t("admin.registration_constraints.delete_title", { label: constraint.label }),
        deleteDescription: () => t("admin.registration_constraints.delete_description"),
        deleted: (constraint) =>
          t("admin.registration_constraints.deleted", { label: constraint.label }),
      }}
      renderItem={(constraint) => {
        const { payload } = constraint;
        const period = periodText(payload);
        return (
          <>
            <h3 className="font-semibold text-slate-950">
              {constraint.label}
              {constraint.optional ? (
                <span className="ml-2 text-xs font-medium text-slate-600">
                  {t("admin.registration_constraints.optional_badge")}
                </span>
              ) : null}
            </h3>
            <p className="text-sm text-slate-700" data-testid="constraint-rule">
              {t(`admin.registration_constraints.rules.${constraint.type}`, {
                count: payload.value,
              })}
              {payload.scope
                ? ` · ${t(`admin.registration_constraints.scopes.${payload.scope}`)}`
                : ""}
              {period ? ` · ${period}` : ""}
            </p>
            <p className="mt-1 text-sm text-slate-600 italic">« {payload.message} »</p>
          </>
        );
      }}
      renderForm={(constraint, done) => (
        <ConstraintForm activityCuid={activityCuid} constraint={constraint} onDone={done} />
      )}
    />
  );
}
