import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "../../../i18n/react";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { FieldErrorText, inputClasses, useErrorMessage } from "../../ui/field";
import { MoveButtons } from "./move-buttons";

/** The form's list of choices, as react-hook-form's `useFieldArray` gives it. */
interface ChoiceList {
  fields: ReadonlyArray<{ id: string }>;
  append(choice: { label: string }): void;
  remove(index: number): void;
  move(from: number, to: number): void;
}

/**
 * The choices of a question or custom field: one line each, in order; a choice keeps its id
 * (hidden) so that answers given to it stay attached. `label(index)` wires a row's input to the
 * form, with its error code.
 */
export function ChoicesEditor({
  choices,
  label,
  labelOf,
  error,
}: {
  choices: ChoiceList;
  label: (index: number) => UseFormRegisterReturn & { error?: string };
  /** the current text of a row, for its buttons' accessible names */
  labelOf: (index: number) => string;
  /** an error code of the list itself (REQUIRED: a choice type without any) */
  error?: string;
}) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage()(error);
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-semibold text-slate-950">
        {t("admin.catalogue.choices")}
      </legend>
      <ol className="flex flex-col gap-2">
        {choices.fields.map((row, index) => (
          <li key={row.id} className="flex items-start gap-2">
            <span className="mt-3 w-6 shrink-0 text-right text-sm text-slate-500 tabular-nums">
              {index + 1}.
            </span>
            <ChoiceInput index={index} {...label(index)} />
            <MoveButtons
              index={index}
              count={choices.fields.length}
              label={labelOf(index)}
              onMove={(delta) => choices.move(index, index + delta)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50"
              onClick={() => choices.remove(index)}
              aria-label={t("admin.catalogue.remove_choice", { name: labelOf(index) })}
            >
              <TrashIcon className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      {errorMessage ? <FieldErrorText id="choices-error">{errorMessage}</FieldErrorText> : null}
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => choices.append({ label: "" })}
          data-testid="add-choice"
        >
          <PlusIcon className="size-4" />
          {t("admin.catalogue.add_choice")}
        </Button>
      </div>
    </fieldset>
  );
}

function ChoiceInput({
  index,
  error,
  ...registration
}: UseFormRegisterReturn & { index: number; error?: string }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage()(error);
  const id = `choice-${index}`;
  return (
    <div className="min-w-0 flex-1">
      <input
        id={id}
        type="text"
        autoComplete="off"
        aria-label={t("admin.catalogue.choice", { index: index + 1 })}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={errorMessage ? `${id}-error` : undefined}
        className={inputClasses(Boolean(errorMessage))}
        data-testid={`choice-${index}`}
        {...registration}
      />
      {errorMessage ? <FieldErrorText id={`${id}-error`}>{errorMessage}</FieldErrorText> : null}
    </div>
  );
}
