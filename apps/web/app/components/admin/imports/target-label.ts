import type { ImportDetail } from "@booking/contracts";
import type { TFunction } from "../../../i18n/translator";

/**
 * The name of a field a column maps to: fixed fields translated, custom fields and activities'
 * questions by title.
 */
export function targetLabel(t: TFunction, target: ImportDetail["targets"][number]): string {
  if (target.custom_field_title !== null && target.key.startsWith("question.")) {
    return t("admin.imports.targets.question", { title: target.custom_field_title });
  }
  if (target.custom_field_title !== null) {
    const group = target.key.startsWith("participant.") ? "participant" : "customer";
    return t(`admin.imports.targets.custom_${group}`, { title: target.custom_field_title });
  }
  return t(`admin.imports.targets.${target.key.replace(".", "_")}`);
}
