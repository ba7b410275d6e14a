import { z } from "zod";

/**
 * A custom field as the forms receive it (platform-and-account.md §3.5). Values are sent as
 * custom_data entries; errors on a field's value are keyed `custom_data.{field_id}`, while
 * structural errors of the list keep their index path (`custom_data.{index}.data`).
 */
export const customFieldView = z.object({
  id: z.int(),
  entity: z.enum(["CUSTOMERS", "PARTICIPANTS", "COLLABORATORS"]),
  type: z.enum(["TEXT", "LONGTEXT", "DATE", "CHOICES_SINGLE", "CHOICES_MULTIPLE"]),
  title: z.string(),
  description: z.string().nullable(),
  required: z.boolean(),
  active: z.boolean(),
  order: z.number(),
  pattern: z.string().nullable(),
  choices: z.array(z.object({ id: z.union([z.int(), z.string()]), label: z.string() })),
});
export type CustomFieldView = z.infer<typeof customFieldView>;
