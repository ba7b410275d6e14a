import { type AdminQuestionView, QUESTION_TYPES, questionBody } from "@booking/contracts";
import { useFieldArray } from "react-hook-form";
import type { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { catalogueApi } from "../../../lib/admin/catalogue-api";
import { useAdminForm } from "../../../lib/admin/form";
import { SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { ModalActions } from "../dialog";
import { SelectField } from "../fields";
import { ChoicesEditor } from "./choices-editor";
import { apiPathFields } from "./form-inputs";

type QuestionFormValues = z.input<typeof questionBody>;

/**
 * A question of the registration form in a modal: its type (text, date, one or several
 * choices), wording, whether it must be answered, and its choices.
 */
export function QuestionForm({
  activityCuid,
  question,
  onDone,
}: {
  activityCuid: string;
  question?: AdminQuestionView;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { form, field, onSubmit, pending } = useAdminForm({
    schema: questionBody,
    defaultValues: {
      type: question?.type ?? "TEXT",
      title: question?.title ?? "",
      description: question?.description ?? "",
      required: question?.required ?? false,
      choices: question?.choices ?? [],
    } satisfies QuestionFormValues,
    send: (values) =>
      question
        ? catalogueApi.updateQuestion(activityCuid, question.cuid, values)
        : catalogueApi.createQuestion(activityCuid, values),
    success: (saved) => t("admin.questions.saved", { title: saved.title }),
    resolveField: apiPathFields<QuestionFormValues>(["type", "title", "description", "choices"]),
    onSuccess: onDone,
  });
  const choices = useFieldArray({ control: form.control, name: "choices" });
  const type = form.watch("type");

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <SelectField
        label={t("admin.questions.type")}
        options={QUESTION_TYPES.map((value) => ({
          value,
          label: t(`admin.questions.types.${value}`),
        }))}
        data-testid="question-type"
        {...field("type")}
      />
      <TextField
        label={t("admin.questions.title_label")}
        autoComplete="off"
        data-testid="question-title"
        {...field("title")}
      />
      <TextField
        label={t("admin.questions.description")}
        optional
        autoComplete="off"
        {...field("description")}
      />
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-4" {...form.register("required")} />
        {t("admin.questions.required")}
      </label>
      {type.startsWith("CHOICES_") ? (
        <ChoicesEditor
          choices={choices}
          label={(index) => field(`choices.${index}.label`)}
          labelOf={(index) => form.getValues(`choices.${index}.label`) ?? ""}
          error={(form.formState.errors.choices as { message?: string } | undefined)?.message}
        />
      ) : null}
      <ModalActions>
        <SubmitButton pending={pending} data-testid="save-question">
          {t("admin.catalogue.save")}
        </SubmitButton>
      </ModalActions>
    </form>
  );
}
