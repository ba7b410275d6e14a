import type {
  AdminCustomFieldView,
  CustomFieldOrderBody,
  customFieldBody,
} from "@booking/contracts";
import type { CustomFieldEntity } from "@booking/db";
import { grants } from "@booking/domain";
import type { z } from "zod";
import { AppError, validationError } from "../../http/app-error.ts";
import type { ConsoleContext } from "../../http/console-context.ts";
import { numberedChoices } from "../activities/numbered-choices.ts";
import { orderedIds } from "../activities/ordering.ts";
import {
  type CustomField,
  type CustomFieldValues,
  countValues,
  deleteField,
  fieldHasValues,
  findField,
  insertField,
  listFields,
  nextFieldOrder,
  reorderFields,
  updateField,
} from "./console-queries.ts";

type FieldInput = z.output<typeof customFieldBody>;

function fieldView(field: CustomField, values: number): AdminCustomFieldView {
  return {
    id: field.id,
    cuid: field.cuid,
    entity: field.entity,
    type: field.type,
    title: field.title,
    description: field.description,
    required: field.required,
    active: field.active,
    order: field.order,
    pattern: field.pattern,
    choices: field.choices.map((choice) => ({ id: Number(choice.id), label: choice.label })),
    values_count: values,
  };
}

const audited = (field: CustomField) => ({
  entity: field.entity,
  type: field.type,
  title: field.title,
  description: field.description,
  required: field.required,
  active: field.active,
  pattern: field.pattern,
  choices: field.choices,
});

/** The stored values of the input: choices numbered, and only for the types that have them. */
function fieldValues(input: FieldInput, stored: CustomField["choices"]): CustomFieldValues {
  const hasChoices = input.type.startsWith("CHOICES_");
  const choices = numberedChoices(stored, hasChoices ? input.choices : []);
  return {
    type: input.type,
    title: input.title,
    description: input.description,
    required: input.required,
    active: input.active,
    // A pattern constrains text values only.
    pattern: input.type === "TEXT" || input.type === "LONGTEXT" ? input.pattern : null,
    choices,
  };
}

async function requireField(context: ConsoleContext, cuid: string): Promise<CustomField> {
  const field = await findField(context.db, context.organiser.id, cuid);
  if (!field) throw new AppError("CUSTOM_FIELD_NOT_FOUND");
  return field;
}

/**
 * The staff's own fields (COLLABORATORS, decision 0088) also take the collaborators' custom
 * fields permission of the action (403 FORBIDDEN), on top of the route's.
 */
function mayHandle(
  context: ConsoleContext,
  entity: CustomFieldEntity,
  action: "read" | "create" | "update" | "delete",
): boolean {
  return (
    entity !== "COLLABORATORS" ||
    grants(context.actor.role, `collaborators.custom_fields.${action}`)
  );
}

function requireHandling(
  context: ConsoleContext,
  entity: CustomFieldEntity,
  action: "read" | "create" | "update" | "delete",
): void {
  if (!mayHandle(context, entity, action)) throw new AppError("FORBIDDEN");
}

async function valuesOf(context: ConsoleContext, field: CustomField): Promise<number> {
  return (await countValues(context.db, context.organiser.id)).get(field.id) ?? 0;
}

export const customFieldsConsole = {
  async list(
    context: ConsoleContext,
    entity: CustomFieldEntity | undefined,
  ): Promise<AdminCustomFieldView[]> {
    if (entity) requireHandling(context, entity, "read");
    const fields = await listFields(context.db, context.organiser.id, entity);
    const values = await countValues(context.db, context.organiser.id);
    return fields
      .filter((field) => mayHandle(context, field.entity, "read"))
      .map((field) => fieldView(field, values.get(field.id) ?? 0));
  },

  async create(context: ConsoleContext, input: FieldInput): Promise<AdminCustomFieldView> {
    requireHandling(context, input.entity, "create");
    const field = await insertField(context.db, {
      organiserId: context.organiser.id,
      entity: input.entity,
      order: await nextFieldOrder(context.db, context.organiser.id, input.entity),
      ...fieldValues(input, []),
    });
    await context.audit({
      action: "custom_field.created",
      entity: "custom_field",
      entityId: field.cuid,
      after: audited(field),
    });
    return fieldView(field, 0);
  },

  /**
   * Edits a field. Its entity is fixed; once people hold values its type is too, since their
   * values were checked against it (CUSTOM_FIELD_HAS_VALUES).
   */
  async update(
    context: ConsoleContext,
    cuid: string,
    input: FieldInput,
  ): Promise<AdminCustomFieldView> {
    const field = await requireField(context, cuid);
    requireHandling(context, field.entity, "update");
    if (input.entity !== field.entity) throw validationError({ entity: "MISMATCH" });
    if (input.type !== field.type && (await fieldHasValues(context.db, field))) {
      throw new AppError("CUSTOM_FIELD_HAS_VALUES");
    }
    const updated = await updateField(context.db, field.id, fieldValues(input, field.choices));
    await context.audit({
      action: "custom_field.updated",
      entity: "custom_field",
      entityId: cuid,
      before: audited(field),
      after: audited(updated),
    });
    return fieldView(updated, await valuesOf(context, updated));
  },

  /** Only a field nobody filled in goes; otherwise it is deactivated (CUSTOM_FIELD_HAS_VALUES). */
  async remove(context: ConsoleContext, cuid: string): Promise<void> {
    const field = await requireField(context, cuid);
    requireHandling(context, field.entity, "delete");
    if (await fieldHasValues(context.db, field)) throw new AppError("CUSTOM_FIELD_HAS_VALUES");
    await deleteField(context.db, field.id);
    await context.audit({
      action: "custom_field.deleted",
      entity: "custom_field",
      entityId: cuid,
      before: audited(field),
    });
  },

  async reorder(
    context: ConsoleContext,
    input: CustomFieldOrderBody,
  ): Promise<AdminCustomFieldView[]> {
    requireHandling(context, input.entity, "update");
    const fields = await listFields(context.db, context.organiser.id, input.entity);
    await reorderFields(context.db, context.organiser.id, orderedIds(fields, input.cuids));
    await context.audit({
      action: "custom_field.reordered",
      entity: "custom_field",
      after: { entity: input.entity, order: input.cuids },
    });
    return customFieldsConsole.list(context, input.entity);
  },
};
