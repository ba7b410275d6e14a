import { useId } from "react";
import {
  FILTER_DEBOUNCE,
  type FilterField,
  FiltersPanel,
  fieldIds,
  useFilterController,
} from "../../components/filters";
import { useTranslation } from "../../i18n/react";
import { defineElement } from "../types";
import { sectionClass } from "./results";

export interface InlineFiltersData {
  fields: FilterField[];
  today: string;
}

/**
 * Filters on their own: they write the URL query that the page's other sections read (their
 * loaders run again). Laid out on the page, outside any popover: 350 ms debounce. Loads the
 * facets (location, categories, periods) and, for `date-calendar`, the calendar of every
 * availability matching the other filters (status [OPEN]).
 */
export const inlineFiltersSection = defineElement<"section:inline-filters", InlineFiltersData>({
  key: "section:inline-filters",

  Component: ({ data }) => <InlineFilters data={data} />,
});

function InlineFilters({ data }: { data: InlineFiltersData }) {
  const { t } = useTranslation();
  const headingId = useId();
  const controller = useFilterController(fieldIds(data.fields), FILTER_DEBOUNCE.inline);
  if (data.fields.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="sr-only">
        {t("filters.label")}
      </h2>
      <FiltersPanel
        fields={data.fields}
        controller={controller}
        layout="inline"
        today={data.today}
      />
    </section>
  );
}
