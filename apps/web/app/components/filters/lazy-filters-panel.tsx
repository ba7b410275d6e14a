import { partAttribute, usePart } from "../../lib/page-parts";
import type { FiltersPanelProps } from "./filters-panel";

/**
 * A section's filters (filters-panel.tsx), downloaded only by pages that show some: the cards of
 * a home page without filters do not load the panel, its fields and its calendar (decision 0069).
 */
export function FiltersPanel(props: FiltersPanelProps) {
  if (props.fields.length === 0) return null;
  return <LoadedFiltersPanel {...props} />;
}

function LoadedFiltersPanel(props: FiltersPanelProps) {
  const { FiltersPanel: Panel } = usePart("filters");
  return (
    <div {...partAttribute("filters")} className="contents">
      <Panel {...props} />
    </div>
  );
}
