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
  staff: staff.map((row) => ({ collaborator: row.collaborator.cuid, role: row.role })),
});

/**
 * The collaborators assigned to an availability with their role there ("Moniteur principal"):
 * told of its registrations when they chose to be. With the update permission: assign one of
 * the team, or remove one.
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
                  <span className="text-sm font-normal text-slate-600">· {row.role}</span>
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
  const [errors, setErrors] = useState<{ collaborator?: string; role?: string }>({});
  const assigned = new Set(staff.staff.map((row) => row.collaborator.cuid));
  const choices = staff.team.filter((member) => !assigned.has(member.cuid));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const member = choices.find((choice) => choice.cuid === collaborator);
    const next = {
      collaborator: member ? undefined : t("forms.errors.REQUIRED"),
      role: role.trim() ? undefined : t("forms.errors.REQUIRED"),
    };
    setErrors(next);
    if (!member || !role.trim()) return;
    const outcome = await onAssign({ collaborator: member, role: role.trim() });
    if (outcome.ok) {
      setCollaborator("");
      setRole("");
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
      className="grid gap-3 border-t border-slate-100 pt-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
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
      <Button type="submit" disabled={pending} className="gap-1.5">
        <PlusIcon className="size-4" />
        {t("admin.staff.section.assign")}
      </Button>
    </form>
  );
}
