import { type EditedChoice, type NumberedChoice, numberChoices } from "@booking/domain/choices";
import { validationError } from "../../http/app-error.ts";

/**
 * The edited choices of a question or custom field with their ids (see numberChoices); a choice
 * naming an id it may not have is refused on its field (`choices.{index}.id`).
 */
export function numberedChoices(
  stored: ReadonlyArray<{ id: number | string }>,
  edited: readonly EditedChoice[],
): NumberedChoice[] {
  const numbering = numberChoices(stored, edited);
  if (numbering.ok) return numbering.choices;
  throw validationError(
    Object.fromEntries(
      Object.entries(numbering.errors).map(([index, code]) => [`choices.${index}.id`, code]),
    ),
  );
}
