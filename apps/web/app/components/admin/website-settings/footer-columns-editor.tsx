import type { FooterSettings, LinkTargets } from "@booking/contracts";
import { useTranslation } from "../../../i18n/react";
import { PlusIcon, TrashIcon } from "../../icons";
import { Button } from "../../ui/button";
import { TextField } from "../../ui/field";
import { newLinkId } from "./link-tree";
import { LinkTreeEditor } from "./link-tree-editor";
import type { FieldErrors } from "./use-website-save";

type Column = FooterSettings["columns"][number];

/** At most this many columns (the contract's limit). */
const MAX_COLUMNS = 6;

/** The footer's link columns: a title and a flat list of links each. */
export function FooterColumnsEditor({
  columns,
  onChange,
  targets,
  errors,
}: {
  columns: Column[];
  onChange: (columns: Column[]) => void;
  targets: LinkTargets;
  errors: FieldErrors;
}) {
  const { t } = useTranslation();
  const change = (index: number, column: Column) =>
    onChange(columns.map((current, i) => (i === index ? column : current)));
  return (
    <div className="flex flex-col gap-3" data-testid="footer-columns">
      {columns.map((column, index) => (
        <section
          key={column.id}
          aria-label={
            column.title || t("admin.website_settings.layout.column", { number: index + 1 })
          }
          className="rounded-lg border border-slate-200 p-3"
        >
          <div className="flex items-end gap-2">
            <TextField
              className="flex-1"
              name={`column-${column.id}`}
              label={t("admin.website_settings.layout.column_title", { number: index + 1 })}
              value={column.title}
              maxLength={100}
              onChange={(event) => change(index, { ...column, title: event.target.value })}
              error={errors[`footer.columns.${index}.title`]}
            />
            <Button
              variant="ghost"
              aria-label={t("admin.website_settings.layout.remove_column", {
                number: index + 1,
              })}
              onClick={() => onChange(columns.filter((_, i) => i !== index))}
            >
              <TrashIcon className="size-4" />
            </Button>
          </div>
          <div className="mt-3">
            <LinkTreeEditor
              links={column.links}
              onChange={(links) => change(index, { ...column, links })}
              maxDepth={1}
              targets={targets}
              errors={errors}
              errorPath={`footer.columns.${index}.links`}
              label={column.title}
              testId={`footer-column-${index}`}
            />
          </div>
        </section>
      ))}
      {columns.length < MAX_COLUMNS ? (
        <div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onChange([...columns, { id: newLinkId(), title: "", links: [] }])}
          >
            <PlusIcon className="size-4" />
            {t("admin.website_settings.layout.add_column")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
