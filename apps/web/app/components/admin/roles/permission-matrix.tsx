import type { Permission } from "@booking/domain";
import { clsx } from "clsx";
import { useEffect, useId, useRef } from "react";
import { useTranslation } from "../../../i18n/react";
import { groupPermissions, type PermissionGroup } from "./permission-groups";

/** A checkbox that also shows "some" (the area's select-all when part of it is chosen). */
function TriStateCheckbox({
  checked,
  indeterminate,
  onChange,
  disabled,
  labelledBy,
}: {
  checked: boolean;
  indeterminate: boolean;
  onChange: (checked: boolean) => void;
  disabled: boolean;
  labelledBy: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (input.current) input.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={input}
      type="checkbox"
      checked={checked}
      disabled={disabled}
      aria-labelledby={labelledBy}
      onChange={(event) => onChange(event.target.checked)}
      className="size-4 accent-[var(--accent-ink)]"
    />
  );
}

function GroupCard({
  group,
  selected,
  onChange,
  readOnly,
}: {
  group: PermissionGroup;
  selected: ReadonlySet<string>;
  onChange: (names: readonly Permission[], granted: boolean) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const names = groupPermissions(group);
  const count = names.filter((name) => selected.has(name)).length;
  return (
    <fieldset
      aria-labelledby={`${id}-title`}
      className="mb-4 min-w-0 break-inside-avoid rounded-xl border border-slate-200 bg-white shadow-xs"
      data-testid={`permission-group-${group.id}`}
    >
      <div className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <TriStateCheckbox
          checked={count === names.length}
          indeterminate={count > 0 && count < names.length}
          disabled={readOnly}
          labelledBy={`${id}-all`}
          onChange={(checked) => onChange(names, checked)}
        />
        <h3 id={`${id}-title`} className="min-w-0 flex-1 font-semibold text-slate-950">
          {group.label}
        </h3>
        <span id={`${id}-all`} className="sr-only">
          {t("admin.roles.editor.select_area", { area: group.label })}
        </span>
        <span className="text-xs font-medium whitespace-nowrap text-slate-500">
          {t("admin.roles.editor.area_count", { count, total: names.length })}
        </span>
      </div>
      <ul className="divide-y divide-slate-100">
        {group.resources.map((resource) => (
          <li
            key={resource.id}
            className="flex flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:gap-4"
          >
            <span
              id={`${id}-${resource.id}`}
              className="text-sm text-slate-800 sm:w-44 sm:shrink-0"
            >
              {resource.label}
            </span>
            <fieldset
              aria-labelledby={`${id}-${resource.id}`}
              className="flex min-w-0 flex-wrap gap-1.5"
            >
              {resource.choices.map((choice) => (
                <label
                  key={choice.name}
                  title={choice.name}
                  className={clsx(
                    "inline-flex min-h-8 items-center gap-1.5 rounded-md border px-2 text-sm select-none",
                    selected.has(choice.name)
                      ? "border-accent-ink/40 bg-accent-soft text-slate-950"
                      : "border-slate-200 text-slate-700",
                    readOnly ? "cursor-default" : "cursor-pointer hover:border-slate-400",
                  )}
                >
                  <input
                    type="checkbox"
                    name="permissions"
                    value={choice.name}
                    checked={selected.has(choice.name)}
                    disabled={readOnly}
                    onChange={(event) => onChange([choice.name], event.target.checked)}
                    className="size-4 accent-[var(--accent-ink)]"
                  />
                  {choice.label}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The permissions of a role, grouped by area as the catalogue lists them: a checkbox per action,
 * and per area one that takes or leaves all of it. `groups` is what the search left, and an
 * area's box then takes or leaves what is shown of it.
 */
export function PermissionMatrix({
  groups,
  selected,
  onChange,
  readOnly = false,
}: {
  groups: PermissionGroup[];
  selected: ReadonlySet<string>;
  onChange: (names: readonly Permission[], granted: boolean) => void;
  readOnly?: boolean;
}) {
  return (
    // Columns rather than a grid: areas of one resource and of fifteen pack without gaps.
    <div className="gap-4 xl:columns-2">
      {groups.map((group) => (
        <GroupCard
          key={group.id}
          group={group}
          selected={selected}
          onChange={onChange}
          readOnly={readOnly}
        />
      ))}
    </div>
  );
}
