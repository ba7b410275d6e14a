import type { CustomDataEntry } from "@booking/contracts";
import type { CustomFieldEntity, TenantTx } from "@booking/db";
import { validateCustomData } from "@booking/domain";
import { validationError } from "../../http/app-error.ts";
import { activeCustomFields } from "./queries.ts";

/**
 * Checks submitted custom-field values against the organiser's active fields of that entity and
 * returns them normalised; errors are reported under `prefix` + `custom_data.<field_id>`.
 */
export async function checkedCustomData(
  tx: TenantTx,
  organiserId: number,
  entity: CustomFieldEntity,
  entries: CustomDataEntry[],
  prefix = "",
): Promise<CustomDataEntry[]> {
  const fields = await activeCustomFields(tx, organiserId, entity);
  const result = validateCustomData(fields, entries);
  if (result.ok) return result.value;
  const errors: Record<string, string> = {};
  for (const [path, code] of Object.entries(result.errors)) errors[`${prefix}${path}`] = code;
  throw validationError(errors);
}
