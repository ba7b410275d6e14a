import type { RegistrationAnswersForm } from "@booking/contracts";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMemo, useState } from "react";
import { FormProvider, type Path, useForm } from "react-hook-form";
import { z } from "zod";
import { useTranslation } from "../../../i18n/react";
import { useConsoleFormatters } from "../../../lib/admin/console";
import { useAdminMutation } from "../../../lib/admin/mutation";
import { registrationAnswersApi } from "../../../lib/admin/registration-answers-api";
import { PencilIcon } from "../../icons";
import { registrationChoicesData } from "../../registrations/choices-data";
import {
  type ChoiceValues,
  choiceFieldOf,
  choiceValuesOf,
  QuestionsFieldset,
  questionAnswers,
  refineChoices,
} from "../../registrations/registration-fields";
import { Button, SubmitButton } from "../../ui/button";
import { TextField } from "../../ui/field";
import { Modal, ModalActions } from "../dialog";

type AnswerValues = Pick<ChoiceValues, "options" | "questions">;

/**
 * Staff correct a registration's answers (registrations.registrations.update, decision 0104):
 * the activity's questions as the storefront asks them, and the text of each chosen option that
 * asks one. The API checks them by the storefront's rules; its field errors land on the fields.
 */
export function AnswersDialog({
  registration,
  data,
}: {
  registration: { cuid: string };
  data: RegistrationAnswersForm;
}) {
  const { t } = useTranslation();
  const format = useConsoleFormatters();
  const [open, setOpen] = useState(false);
  const choices = useMemo(() => registrationChoicesData(data.form, format), [data.form, format]);
  const stored = useMemo(() => choiceValuesOf(choices, data), [choices, data]);
  // Only the options the registration holds that ask a text are edited here.
  const texts = choices.options.flatMap((option, index) => {
    const value = stored.options[index];
    const price = option.prices.find((entry) => String(entry.id) === value?.price_id);
    return option.answerRequired && price ? [{ index, option, price }] : [];
  });
  const schema = useMemo(
    () =>
      z
        .object({
          options: z.array(z.object({ price_id: z.string(), content: z.string() })),
          questions: z.array(z.object({ text: z.string(), choices: z.array(z.string()) })),
        })
        .superRefine((values, context) => refineChoices(choices, values, context)),
    [choices],
  );
  const methods = useForm<AnswerValues>({ resolver: zodResolver(schema), defaultValues: stored });
  const sent = texts.map(({ index }) => ({ index }));
  const { mutate, pending } = useAdminMutation<[AnswerValues], unknown, AnswerValues>(
    (values) =>
      registrationAnswersApi.update(registration.cuid, {
        options: texts.map(({ index, price }) => ({
          price_id: price.id,
          content: values.options[index]?.content.trim() || null,
        })),
        questions: questionAnswers(choices.questions, values.questions),
      }),
    {
      success: t("admin.registrations.answers.done"),
      form: {
        setError: methods.setError,
        // The answers' fields only: this form has no dates.
        resolveField: (field) => {
          const path = choiceFieldOf(choices, sent, field);
          return path?.startsWith("options") || path?.startsWith("questions")
            ? (path as Path<AnswerValues>)
            : null;
        },
      },
    },
  );
  const onSubmit = methods.handleSubmit(async (values) => {
    if ((await mutate(values)).ok) setOpen(false);
  });

  return (
    <Modal
      title={t("admin.registrations.answers.dialog_title")}
      description={t("admin.registrations.answers.description")}
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) methods.reset(stored);
        setOpen(next);
      }}
      trigger={
        <Button variant="ghost" size="sm" data-testid="edit-answers">
          <PencilIcon className="size-4" />
          {t("admin.registrations.answers.edit")}
        </Button>
      }
    >
      <FormProvider {...methods}>
        <form
          method="post"
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-4"
          data-testid="answers-form"
        >
          {texts.map(({ index, option, price }) => (
            <TextField
              key={option.id}
              label={t("admin.registrations.answers.option_text", {
                title: option.title,
                label: price.label,
              })}
              error={methods.formState.errors.options?.[index]?.content?.message}
              {...methods.register(`options.${index}.content`)}
            />
          ))}
          {choices.questions.length === 0 && texts.length === 0 ? (
            <p className="text-sm text-slate-600">{t("admin.registrations.answers.empty")}</p>
          ) : (
            <QuestionsFieldset
              questions={choices.questions}
              legend={t("admin.registrations.answers.questions")}
            />
          )}
          <ModalActions>
            <SubmitButton pending={pending} data-testid="answers-submit">
              {t("admin.registrations.answers.submit")}
            </SubmitButton>
          </ModalActions>
        </form>
      </FormProvider>
    </Modal>
  );
}
