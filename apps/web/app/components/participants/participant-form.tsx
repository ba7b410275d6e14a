import { LIMITS, type ParticipantView, requiredText } from "@booking/contracts";
import { parseCalendarDate } from "@booking/domain";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo } from "react";
import { type Path, type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../i18n/react";
import {
  type CustomField,
  type CustomValues,
  customFormFieldOf,
  customValuesFrom,
  customValuesSchema,
  defaultCustomValues,
  toCustomData,
} from "../../lib/custom-fields";
import { useSubmitErrorHandler } from "../../lib/form-errors";
import { customFieldInputs } from "../custom-field-input";
import { BirthdateField } from "../ui/birthdate-field";
import { ButtonLink, SubmitButton } from "../ui/button";
import { TextField } from "../ui/field";

export interface ParticipantFormValues {
  firstname: string;
  lastname: string;
  birthdate: string;
  custom: CustomValues;
}

/** What the form sends: the fields of POST / PUT /api/participants. */
export interface ParticipantInput {
  firstname: string;
  lastname: string;
  birthdate: string;
  custom_data: ReturnType<typeof toCustomData>;
}

/**
 * Participant form rules (platform-and-account.md §5): first and last names required after trim,
 * the birthdate a day not after `today` (the organiser's), custom fields by type with their rules.
 */
function participantFormSchema(fields: CustomField[], today: string) {
  return z.object({
    firstname: requiredText(LIMITS.name),
    lastname: requiredText(LIMITS.name),
    birthdate: z
      .string()
      .trim()
      .min(1, "REQUIRED")
      .refine((value) => parseCalendarDate(value) !== null, "INVALID_DATE")
      .refine((value) => value <= today, "INVALID_DATE"),
    custom: customValuesSchema(fields),
  });
}

const PLAIN_FIELDS: ReadonlyArray<Path<ParticipantFormValues>> = [
  "firstname",
  "lastname",
  "birthdate",
];

/**
 * The create and edit form of a participant: names, birthdate and the organiser's active
 * participant custom fields. `onSave` calls the API; its errors land on the fields (validation)
 * or in a toast (anything else), and the form stays as typed.
 */
export function ParticipantForm({
  fields,
  today,
  participant,
  submitLabel,
  cancelTo,
  onSave,
}: {
  fields: CustomField[];
  /** the organiser's current day (YYYY-MM-DD): the latest birthdate accepted */
  today: string;
  /** the participant being edited; none to create one */
  participant?: Pick<ParticipantView, "firstname" | "lastname" | "birthdate" | "custom_data">;
  submitLabel: string;
  cancelTo: string;
  onSave: (input: ParticipantInput) => Promise<void>;
}) {
  const { t } = useTranslation();
  const handleError = useSubmitErrorHandler();
  const resolver = useMemo(
    () =>
      zodResolver(
        participantFormSchema(fields, today),
      ) as unknown as Resolver<ParticipantFormValues>,
    [fields, today],
  );
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ParticipantFormValues>({
    resolver,
    defaultValues: {
      firstname: participant?.firstname ?? "",
      lastname: participant?.lastname ?? "",
      birthdate: participant?.birthdate ?? "",
      custom: participant
        ? customValuesFrom(fields, participant.custom_data)
        : defaultCustomValues(fields),
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await onSave({
        firstname: values.firstname,
        lastname: values.lastname,
        birthdate: values.birthdate,
        custom_data: toCustomData(fields, values.custom),
      });
    } catch (error) {
      handleError(error, setError, customFormFieldOf<ParticipantFormValues>(PLAIN_FIELDS, fields));
    }
  });

  return (
    <form
      method="post"
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-5"
      data-testid="participant-form"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("participants.form.firstname")}
          autoComplete="off"
          error={errors.firstname?.message}
          {...register("firstname")}
        />
        <TextField
          label={t("participants.form.lastname")}
          autoComplete="off"
          error={errors.lastname?.message}
          {...register("lastname")}
        />
      </div>
      <BirthdateField
        control={control}
        name="birthdate"
        label={t("participants.form.birthdate")}
        today={today}
        className="sm:max-w-md"
      />
      {customFieldInputs(fields, (key) => register(`custom.${key}`), errors.custom)}
      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:justify-end">
        <ButtonLink to={cancelTo} variant="secondary">
          {t("participants.form.cancel")}
        </ButtonLink>
        <SubmitButton pending={isSubmitting} data-testid="participant-submit">
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
