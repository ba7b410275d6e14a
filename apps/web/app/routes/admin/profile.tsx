import type { StaffNotificationPreferencesView } from "@booking/contracts";
import { type FormEvent, useState } from "react";
import { SelectField } from "../../components/admin/fields";
import { FormPanel } from "../../components/admin/form-panel";
import { PageHeader } from "../../components/admin/page-header";
import { SubmitButton } from "../../components/ui/button";
import { useTranslation } from "../../i18n/react";
import { useConsole } from "../../lib/admin/console";
import { adminGet, requireConsole } from "../../lib/admin/loaders";
import { useAdminMutation } from "../../lib/admin/mutation";
import { fullName } from "../../lib/admin/people";
import { staffApi } from "../../lib/admin/staff-api";
import type { Route } from "./+types/profile";

/** /admin/profile: the logged-in collaborator's own language and staff e-mails (any member). */
export async function loader(args: Route.LoaderArgs) {
  requireConsole(args);
  return {
    preferences: await adminGet<StaffNotificationPreferencesView>(
      args,
      "/api/admin/profile/notifications",
    ),
  };
}

/** An option's translation key: i18next reads dots as nesting. */
const optionKey = (option: string) => option.replace(/[.-]/g, "_");

export default function Profile({ loaderData }: Route.ComponentProps) {
  // A save reloads the preferences: the form starts again from them as stored.
  const { preferences } = loaderData;
  return <ProfileForm key={JSON.stringify(preferences)} preferences={preferences} />;
}

function ProfileForm({ preferences }: { preferences: StaffNotificationPreferencesView }) {
  const { t } = useTranslation();
  const { session } = useConsole();
  const [language, setLanguage] = useState(preferences.language ?? "");
  const [options, setOptions] = useState(new Set(preferences.options));
  const { mutate, pending } = useAdminMutation(staffApi.savePreferences, {
    success: t("admin.staff.profile.saved"),
  });
  const organiserLanguage = session.organiser?.language ?? "fr";

  function toggle(option: string, on: boolean) {
    const next = new Set(options);
    if (on) next.add(option);
    else next.delete(option);
    setOptions(next);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void mutate({
      language: language === "fr" || language === "en" ? language : null,
      options: preferences.available.filter((option) => options.has(option)),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("admin.staff.profile.title")}
        description={`${fullName(session.collaborator)} · ${session.collaborator.email}`}
      />
      <form onSubmit={submit} className="flex max-w-2xl flex-col gap-4" noValidate>
        <FormPanel
          title={t("admin.staff.profile.language_title")}
          description={t("admin.staff.profile.language_description")}
        >
          <SelectField
            label={t("admin.staff.profile.language")}
            name="language"
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            options={[
              {
                value: "",
                label: t("admin.staff.profile.language_organiser", {
                  language: t(`admin.staff.profile.languages.${organiserLanguage}`),
                }),
              },
              { value: "fr", label: t("admin.staff.profile.languages.fr") },
              { value: "en", label: t("admin.staff.profile.languages.en") },
            ]}
          />
        </FormPanel>
        <FormPanel
          title={t("admin.staff.profile.notifications_title")}
          description={t("admin.staff.profile.notifications_description")}
          testId="staff-notification-options"
        >
          <ul className="flex flex-col gap-1">
            {preferences.available.map((option) => (
              <li key={option}>
                <label className="flex min-h-11 items-start gap-3 rounded-lg p-2 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    name="options"
                    value={option}
                    checked={options.has(option)}
                    onChange={(event) => toggle(option, event.target.checked)}
                    className="mt-0.5 size-4 shrink-0"
                  />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">
                      {t(`admin.staff.profile.options.${optionKey(option)}.label`)}
                    </span>
                    <span className="block text-sm text-slate-600">
                      {t(`admin.staff.profile.options.${optionKey(option)}.hint`)}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </FormPanel>
        <div>
          <SubmitButton pending={pending}>{t("admin.staff.profile.save")}</SubmitButton>
        </div>
      </form>
    </div>
  );
}
