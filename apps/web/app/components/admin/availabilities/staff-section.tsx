import type { AvailabilityStaffBody, AvailabilityStaffView } from "@booking/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { fullName } from "../../../lib/admin/people";
import { staffApi } from "../../../lib/admin/staff-api";
import { ApiRequestError } from "../../../lib/api";
import { PlusIcon, TrashIcon, UsersIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { EmptyState } from "../empty-state";
import { SelectField } from "../fields";
import { FormPanel } from "../form-panel";

type Row = AvailabilityStaffView["staff"][number];

const bodyOf = (staff: Row[]): AvailabilityStaffBody => ({
  staff: staff.map((row) => ({
    collaborator: row.collaborator.cuid,
    role: row.role,
    minutes_per_session: row.minutes_per_session,
  })),
});

/** "1:30" of 90 minutes. */
const hoursOf = (minutes: number) =>
  `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

/** Minutes of hours typed as "1.5", "1,5" or "1:30"; NaN when it is neither. */
function minutesOf(hours: string): number {
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(hours.trim());
  if (clock) return Number(clock[1]) * 60 + Number(clock[2]);
  return Math.round(Number(hours.trim().replace(",", ".")) * 60);
}

/**
 * The collaborators assigned to an availability with their role there ("Moniteur principal") and
 * the hours they work per session (the timesheet report; empty: the whole session): told of its
 * registrations when they chose to be. With the update permission: assign one of the team, or
 * remove one.
 */
export function StaffSection({
  availabilityCuid,
  staff,
}: {
  availabilityCuid: string;
  staff: AvailabilityStaffView;
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const editable = can("availabilities.availabilities.update");
  const { mutate, pending } = useAdminMutation(
    (rows: Row[]) => staffApi.replace(availabilityCuid, bodyOf(rows)),
    { success: t("admin.staff.section.saved") },
  );
  const remove = (row: Row) => void mutate(staff.staff.filter((other) => other !== row));

  return (
    <FormPanel
      title={t("admin.staff.section.title")}
      description={t("admin.staff.section.description")}
      testId="availability-staff"
    >
      {staff.staff.length === 0 ? (
        <EmptyState icon={UsersIcon} title={t("admin.staff.section.empty")} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {staff.staff.map((row) => (
            <li
              key={row.collaborator.cuid}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0">
                <p className="font-medium text-slate-900">
                  {fullName(row.collaborator)}{" "}
                  <span className="text-sm font-normal text-slate-600">· {row.role}</span>{" "}
                  <span className="text-sm font-normal text-slate-600">
                    ·{" "}
                    {row.minutes_per_session === null
                      ? t("admin.staff.section.whole_session")
                      : t("admin.staff.section.hours_per_session", {
                          hours: hoursOf(row.minutes_per_session),
                        })}
                  </span>
                </p>
                <p className="truncate text-sm text-slate-600">
                  {row.collaborator.email}
                  {row.collaborator.active ? null : ` · ${t("admin.staff.section.inactive")}`}
                </p>
              </div>
              {editable ? (
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={pending}
                  onClick={() => remove(row)}
                  aria-label={t("admin.staff.section.remove", { name: fullName(row.collaborator) })}
                >
                  <TrashIcon className="size-4" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {editable ? (
        <AssignForm
          staff={staff}
          pending={pending}
          onAssign={(row) => mutate([...staff.staff, row])}
        />
      ) : null}
    </FormPanel>
  );
}

function AssignForm({
  staff,
  pending,
  onAssign,
}: {
  staff: AvailabilityStaffView;
  pending: boolean;
  onAssign: (row: Row) => Promise<{ ok: boolean; error?: unknown }>;
}) {
  const { t } = useTranslation();
  const [collaborator, setCollaborator] = useState("");
  const [role, setRole] = useState("");
  const [hours, setHours] = useState("");
  const [errors, setErrors] = useState<{ collaborator?: string; role?: string; hours?: string }>(
    {},
  );
  const assigned = new Set(staff.staff.map((row) => row.collaborator.cuid));
  const choices = staff.team.filter((member) => !assigned.has(member.cuid));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const member = choices.find((choice) => choice.cuid === collaborator);
    const minutes = hours.trim() === "" ? null : minutesOf(hours);
    const badHours = minutes !== null && !(minutes >= 1 && minutes <= 1440);
    const next = {
      collaborator: member ? undefined : t("forms.errors.REQUIRED"),
      role: role.trim() ? undefined : t("forms.errors.REQUIRED"),
      hours: badHours ? t("admin.staff.section.hours_invalid") : undefined,
    };
    setErrors(next);
    if (!member || !role.trim() || badHours) return;
    const outcome = await onAssign({
      collaborator: member,
      role: role.trim(),
      minutes_per_session: minutes,
    });
    if (outcome.ok) {
      setCollaborator("");
      setRole("");
      setHours("");
    } else if (outcome.error instanceof ApiRequestError && outcome.error.fields) {
      const roleCode = Object.entries(outcome.error.fields).find(([path]) => path.endsWith("role"));
      if (roleCode) setErrors({ role: t(`forms.errors.${roleCode[1]}`) });
    }
  }

  if (choices.length === 0) {
    return <p className="text-sm text-slate-600">{t("admin.staff.section.everyone")}</p>;
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-[1fr_1fr_11rem_auto] sm:items-end"
    >
      <SelectField
        label={t("admin.staff.section.collaborator")}
        placeholder={t("admin.staff.section.collaborator_placeholder")}
        options={choices.map((member) => ({
          value: member.cuid,
          label: `${fullName(member)} (${member.email})`,
        }))}
        value={collaborator}
        onChange={(event) => setCollaborator(event.target.value)}
        error={errors.collaborator}
        name="collaborator"
      />
      <TextField
        label={t("admin.staff.section.role")}
        placeholder={t("admin.staff.section.role_placeholder")}
        value={role}
        maxLength={80}
        onChange={(event) => setRole(event.target.value)}
        error={errors.role}
        name="role"
      />
      <TextField
        label={t("admin.staff.section.hours")}
        placeholder={t("admin.staff.section.hours_placeholder")}
        value={hours}
        inputMode="decimal"
        onChange={(event) => setHours(event.target.value)}
        error={errors.hours}
        name="hours"
      />
      <Button type="submit" disabled={pending} className="gap-1.5">
        <PlusIcon className="size-4" />
        {t("admin.staff.section.assign")}
      </Button>
    </form>
  );
}
