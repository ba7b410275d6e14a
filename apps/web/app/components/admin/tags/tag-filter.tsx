import type { TagView } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { FilterSelect } from "../list-controls";

/** The `?tag=` filter of a list (customers, participants, collaborators). */
export function TagFilter({ tags }: { tags: readonly TagView[] | null }) {
  const { t } = useTranslation();
  if (!tags || tags.length === 0) return null;
  return (
    <FilterSelect
      label={t("admin.tags.filter")}
      param="tag"
      allLabel={t("admin.tags.all")}
      options={tags.map((tag) => ({ value: tag.cuid, label: tag.name }))}
    />
  );
}
