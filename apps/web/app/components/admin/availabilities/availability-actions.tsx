import type { AdminAvailabilityView } from "@booking/contracts";
import { DEFAULT_TIME_ZONE } from "@booking/domain";
import { addDaysToDay, localDay } from "@booking/domain/zoned-time";
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { availabilitiesApi } from "../../../lib/admin/availabilities-api";
import { useConsole, useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { LayersIcon, LockIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { FieldErrorText, inputClasses, useErrorMessage } from "../../ui/field";
import { ConfirmDialog, Modal, ModalActions } from "../dialog";
import { SendMessageLink } from "../notifications/manual-link";
import { activityAvailabilitiesPath, availabilityPath } from "./paths";

/**
 * The buttons of an availability's page: close or reopen it, duplicate it to another period,
 * delete it (only offered while nobody registered: the API refuses it otherwise).
 */
export function AvailabilityActions({ availability }: { availability: AdminAvailabilityView }) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const navigate = useNavigate();
  const closed = availability.status === "CLOSED";
  const status = useAdminMutation(
    () =>
      closed
        ? availabilitiesApi.open(availability.cuid)
        : availabilitiesApi.close(availability.cuid),
    {
      success: t(
        closed ? "admin.availabilities.actions.reopened" : "admin.availabilities.actions.closed",
      ),
    },
  );
  const remove = useAdminMutation(() => availabilitiesApi.remove(availability.cuid), {
    success: t("admin.availabilities.actions.deleted"),
    revalidate: false,
  });

  return (
    <>
      {availability.registrations_count > 0 ? (
        <SendMessageLink target={{ type: "AVAILABILITY", availability: availability.cuid }} />
      ) : null}
      {can("availabilities.availabilities.update") ? (
        <Button
          variant={closed ? "primary" : "secondary"}
          onClick={() => status.mutate()}
          disabled={status.pending}
          data-testid={closed ? "reopen-availability" : "close-availability"}
        >
          <LockIcon className="size-4" />
          {t(closed ? "admin.availabilities.actions.reopen" : "admin.availabilities.actions.close")}
        </Button>
      ) : null}
      {can("availabilities.availabilities.create") ? (
        <DuplicateDialog availability={availability} />
      ) : null}
      {can("availabilities.availabilities.delete") && availability.registrations_count === 0 ? (
        <ConfirmDialog
          trigger={
            <Button variant="ghost" data-testid="delete-availability">
              <TrashIcon className="size-4" />
              {t("admin.availabilities.actions.delete")}
            </Button>
          }
          title={t("admin.availabilities.actions.delete_title")}
          description={t("admin.availabilities.actions.delete_description", {
            count: availability.dates_count,
          })}
          confirmLabel={t("admin.availabilities.actions.delete")}
          onConfirm={async () => {
            const outcome = await remove.mutate();
            if (outcome.ok) navigate(activityAvailabilitiesPath(availability.activity.cuid));
            return outcome.ok;
          }}
        />
      ) : null}
    </>
  );
}

/** Copies the availability so that its first date falls on the chosen day (local times kept). */
function DuplicateDialog({ availability }: { availability: AdminAvailabilityView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { session } = useConsole();
  const format = useConsoleFormatters();
  const errorMessage = useErrorMessage();
  const id = useId();
  const timeZone = session.organiser?.timezone ?? DEFAULT_TIME_ZONE;
  const first = localDay(availability.start_at, timeZone);
  // A year later is the usual next edition of a camp or a term.
  const [day, setDay] = useState(addDaysToDay(first, 364));
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const duplicate = useAdminMutation(
    () => availabilitiesApi.duplicate(availability.cuid, { first_day: day }),
    { success: t("admin.availabilities.duplicate.done"), revalidate: false },
  );

  return (
    <Modal
      title={t("admin.availabilities.duplicate.title")}
      description={t("admin.availabilities.duplicate.description", {
        count: availability.dates_count,
        first: format.fullDate(availability.start_at),
      })}
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="secondary" data-testid="duplicate-availability">
          <LayersIcon className="size-4" />
          {t("admin.availabilities.actions.duplicate")}
        </Button>
      }
    >
      <form
        onSubmit={async (event) => {
          event.preventDefault();
          if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
            setError("INVALID_DATE");
            return;
          }
          const outcome = await duplicate.mutate();
          if (outcome.ok) {
            setOpen(false);
            navigate(availabilityPath(outcome.value.cuid));
          }
        }}
      >
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          {t("admin.availabilities.duplicate.first_day")}
        </label>
        <input
          id={id}
          type="date"
          value={day}
          onChange={(event) => {
            setDay(event.target.value);
            setError(undefined);
          }}
          className={`${inputClasses(Boolean(error))} mt-1.5`}
          data-testid="duplicate-first-day"
        />
        {error ? <FieldErrorText id={`${id}-error`}>{errorMessage(error)}</FieldErrorText> : null}
        <p className="mt-2 text-sm text-slate-600">{t("admin.availabilities.duplicate.hint")}</p>
        <ModalActions>
          <Button type="submit" disabled={duplicate.pending} data-testid="confirm-duplicate">
            {t("admin.availabilities.duplicate.submit")}
          </Button>
        </ModalActions>
      </form>
    </Modal>
  );
}
