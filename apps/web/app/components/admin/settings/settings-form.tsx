import type { FormEventHandler, ReactNode } from "react";
import { useTranslation } from "../../../i18n/react";
import { LockIcon } from "../../icons";
import { SubmitButton } from "../../ui/button";

/**
 * A settings section's form: its panels, then the save bar kept in view at the bottom of the
 * screen. Read-only for a role without the section's update permission: fields disabled, no
 * save button, and a line saying why.
 */
export function SettingsForm({
  onSubmit,
  readOnly,
  pending,
  children,
  testId,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  readOnly: boolean;
  pending: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      data-testid={testId}
    >
      {readOnly ? (
        <p className="flex items-center gap-2 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
          <LockIcon className="size-4 shrink-0" aria-hidden="true" />
          {t("admin.settings.read_only")}
        </p>
      ) : null}
      <fieldset disabled={readOnly} className="grid gap-5 lg:grid-cols-2">
        {children}
      </fieldset>
      {readOnly ? null : (
        <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          <SubmitButton pending={pending} data-testid={`${testId}-save`}>
            {t("admin.settings.save")}
          </SubmitButton>
        </div>
      )}
    </form>
  );
}
