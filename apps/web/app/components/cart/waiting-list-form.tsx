import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import { ApiRequestError, api } from "../../lib/api";
import { sameNameFields, useSubmitErrorHandler } from "../../lib/form-errors";
import { toastSuccess } from "../../lib/toast";
import { CheckIcon } from "../icons";
import { SubmitButton } from "../ui/button";
import { ParticipantField } from "./add-to-cart-fields";

/** What the availability loader gives the form of a FULL or CLOSED availability. */
export interface WaitingListFormData {
  availabilityId: number;
  participants: Array<{ id: number; fullname: string }>;
  /** preselected participant id ("?participant=" cuid, else the only one), or null */
  participantId: number | null;
}

interface FormValues {
  participant_id: string;
}

const schema = z.object({ participant_id: z.string().min(1, "REQUIRED") });

/** API codes about the chosen participant: shown under the participant field. */
const PARTICIPANT_ERRORS = new Set(["WAITING_LIST_ALREADY_JOINED", "PARTICIPANT_NOT_FOUND"]);

/**
 * Joining the waiting list of a FULL or CLOSED availability (storefront.md §4, §5 "Waiting list",
 * §7): one of the customer's participants, chosen as in the registration form, then
 * POST /api/registrations/waiting-list. Each participant who joined is listed with their place in
 * the queue; one already on the list gets WAITING_LIST_ALREADY_JOINED under the field.
 */
export function WaitingListForm({
  data,
  labelledBy,
}: {
  data: WaitingListFormData;
  /** the id of the heading that names the form */
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const ids = useId();
  const handleError = useSubmitErrorHandler();
  const revalidator = useRevalidator();
  const [joined, setJoined] = useState<Array<{ participantId: number; position: number }>>([]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      participant_id: data.participantId !== null ? String(data.participantId) : "",
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { entry } = await api.joinWaitingList({
        availability_id: data.availabilityId,
        participant_id: Number(values.participant_id),
      });
      setJoined((current) => [
        ...current.filter((item) => item.participantId !== entry.participant_id),
        { participantId: entry.participant_id, position: entry.position },
      ]);
      toastSuccess(t("cart.add-to-cart.waiting-list.form.messages.success"));
    } catch (error) {
      if (error instanceof ApiRequestError && PARTICIPANT_ERRORS.has(error.code)) {
        setError("participant_id", { type: "server", message: error.code }, { shouldFocus: true });
        return;
      }
      handleError(error, setError, sameNameFields<FormValues>(["participant_id"]));
      // Places came free meanwhile: the page shows the add form again.
      if (error instanceof ApiRequestError && error.code === "WAITING_LIST_NOT_NEEDED") {
        await revalidator.revalidate();
      }
    }
  });

  const names = new Map(data.participants.map((participant) => [participant.id, participant]));
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={labelledBy}
      data-testid="waiting-list-form"
      className="flex flex-col gap-5"
    >
      <ParticipantField
        id={`${ids}-participant`}
        participants={data.participants}
        error={errors.participant_id}
        registration={register("participant_id")}
      >
        {data.participants.length === 0 ? (
          <p className="text-sm text-slate-700">
            {t("cart.add-to-cart.waiting-list.form.no_participants")}
          </p>
        ) : null}
      </ParticipantField>
      {/* The live region stays in place so that each join is announced; no gap while empty. */}
      <div>
        <div role="status" data-testid="waiting-list-joined">
          {joined.length > 0 ? (
            <ul className="mb-4 flex flex-col gap-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-200">
              {joined.map((item) => (
                <li key={item.participantId} className="flex gap-2">
                  <CheckIcon className="mt-0.5 size-4 shrink-0" />
                  <span>
                    {t("cart.add-to-cart.waiting-list.form.joined", {
                      name: names.get(item.participantId)?.fullname ?? "",
                      position: item.position,
                    })}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <SubmitButton pending={isSubmitting} className="w-full" data-testid="waiting-list-submit">
          {t("cart.add-to-cart.waiting-list.form.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}
