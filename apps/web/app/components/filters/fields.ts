import type { CatalogueFacets, FilterId } from "@booking/contracts";
import {
  ALL_CATEGORY_GROUPS_FILTER,
  type CategoryFilterId,
  isCategoryFilterId,
} from "@booking/contracts/page-elements/render-rules";
import type { ChoiceOption } from "./choice-inputs";

/**
 * The filters a section shows, resolved on the server from its `filters` setting and the
 * organiser's facets (serialisable: they travel in the loader data). Each writes the query
 * parameter `id`; `date-calendar` writes `date` like the date picker.
 */
export type FilterField =
  | { kind: "search"; id: "search" }
  | { kind: "date"; id: "date" }
  | { kind: "date-calendar"; id: "date"; highlighted: string[] }
  | { kind: "weekday"; id: "weekday" }
  | { kind: "location"; id: "location"; options: ChoiceOption[] }
  | { kind: "category"; id: CategoryFilterId; label: string; options: ChoiceOption[] }
  | { kind: "period"; id: "period"; options: ChoiceOption[] }
  | { kind: "availabilities-period"; id: "availabilities-period" }
  | { kind: "age"; id: "age" };

/** storefront.md §5: checkboxes up to 5 locations, a multi-select above. */
export const LOCATION_CHECKBOX_LIMIT = 5;
/** storefront.md §5: checkboxes up to 300 categories in a group, a multi-select above. */
export const CATEGORY_CHECKBOX_LIMIT = 300;

function categoryField(group: CatalogueFacets["category_groups"][number]): FilterField | null {
  if (group.categories.length === 0) return null;
  return {
    kind: "category",
    id: `category-${group.cuid}`,
    label: group.title,
    options: group.categories.map((category) => ({ value: category.cuid, label: category.title })),
  };
}

/**
 * Resolves a `filters` setting: `categories` becomes one filter per category group (in the
 * groups' order), `category-{cuid}` the named group; filters without choices (no location, no
 * period, unknown group) are left out. `calendarDays` are the days marked by `date-calendar`.
 */
export function buildFilterFields(
  filters: readonly FilterId[],
  facets: CatalogueFacets | null,
  calendarDays: readonly string[] = [],
): FilterField[] {
  const fields: FilterField[] = [];
  const seen = new Set<string>();
  const push = (field: FilterField | null) => {
    if (!field) return;
    const key = field.kind === "date-calendar" ? "date-calendar" : field.id;
    if (seen.has(key)) return;
    seen.add(key);
    fields.push(field);
  };
  const groups = [...(facets?.category_groups ?? [])].sort((a, b) => a.order - b.order);
  for (const filter of filters) {
    if (filter === ALL_CATEGORY_GROUPS_FILTER) {
      for (const group of groups) push(categoryField(group));
    } else if (isCategoryFilterId(filter)) {
      const group = groups.find((item) => `category-${item.cuid}` === filter);
      if (group) push(categoryField(group));
    } else {
      switch (filter) {
        case "search":
        case "date":
        case "weekday":
        case "availabilities-period":
        case "age":
          push({ kind: filter, id: filter } as FilterField);
          break;
        case "date-calendar":
          push({ kind: "date-calendar", id: "date", highlighted: [...calendarDays] });
          break;
        case "location": {
          const locations = facets?.locations ?? [];
          if (locations.length > 0) {
            push({
              kind: "location",
              id: "location",
              options: locations.map((location) => ({
                value: location.cuid,
                label: location.name || location.title,
              })),
            });
          }
          break;
        }
        case "period": {
          const periods = facets?.periods ?? [];
          if (periods.length > 0) {
            push({
              kind: "period",
              id: "period",
              options: periods.map((period) => ({ value: period.cuid, label: period.name })),
            });
          }
          break;
        }
      }
    }
  }
  return fields;
}

/** The query parameters the fields write (each once). */
export function fieldIds(fields: readonly FilterField[]): string[] {
  return [...new Set(fields.map((field) => field.id))];
}

/** Whether the filters include a `categories` or `category-…` entry (the loader needs facets). */
export function needsFacets(filters: readonly FilterId[]): boolean {
  return filters.some(
    (filter) =>
      filter === ALL_CATEGORY_GROUPS_FILTER ||
      filter === "location" ||
      filter === "period" ||
      isCategoryFilterId(filter),
  );
}
