/**
 * Choice lists of questions and custom fields as the console edits them. Answers refer to a
 * choice by its id, so an edited list keeps the ids its choices had; a new choice (no id) is
 * numbered after the highest id of the stored list and of the edited one, so that a choice
 * removed in the same edit never lends its id to a new one. An id the stored list does not have,
 * or one given twice, is refused for that choice (INVALID_CHOICE at its index).
 */

export type EditedChoice = { id?: number | undefined; label: string };
export type NumberedChoice = { id: number; label: string };

export type ChoiceNumbering =
  | { ok: true; choices: NumberedChoice[] }
  | { ok: false; errors: Record<number, "INVALID_CHOICE"> };

export function numberChoices(
  stored: ReadonlyArray<{ id: number | string }>,
  edited: readonly EditedChoice[],
): ChoiceNumbering {
  const storedIds = new Set(stored.map((choice) => Number(choice.id)).filter(Number.isInteger));
  const errors: Record<number, "INVALID_CHOICE"> = {};
  const used = new Set<number>();
  edited.forEach((choice, index) => {
    if (choice.id === undefined) return;
    if (!storedIds.has(choice.id) || used.has(choice.id)) errors[index] = "INVALID_CHOICE";
    used.add(choice.id);
  });
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  let next = Math.max(0, ...storedIds, ...used) + 1;
  return {
    ok: true,
    choices: edited.map((choice) => ({ id: choice.id ?? next++, label: choice.label })),
  };
}
