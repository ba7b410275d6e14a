import type { ComponentType } from "react";
import { Link } from "react-router";
import { useTranslation } from "../../../i18n/react";
import { useConsole } from "../../../lib/admin/console";
import type { ProductSwitch } from "../../../lib/admin/product-loaders";
import { type IconProps, PlusIcon } from "../../icons";
import { ButtonLink } from "../../ui/button";
import { DataTable, type DataTableColumn } from "../data-table";
import { EmptyState } from "../empty-state";
import { FilterSelect, SearchBox } from "../list-controls";
import { PageHeader } from "../page-header";
import { StatusBadge } from "../status-badge";
import type { SortState } from "../table-query";
import { PRODUCT_KINDS, type ProductKind } from "./product-kinds";

/**
 * The page of a product list: its title and "new" button, search and on/off filter, the rows
 * (sorted and paged by the URL), and an empty state.
 */
export function ProductList<T extends { cuid: string }>({
  kind,
  switchParam,
  icon,
  columns,
  data,
}: {
  kind: ProductKind;
  switchParam: ProductSwitch;
  icon: ComponentType<IconProps>;
  columns: DataTableColumn<T>[];
  data: {
    data: T[];
    sort: SortState;
    paging: { count: number; pageNumber: number; pageSize: number };
    filtered: boolean;
  };
}) {
  const { t } = useTranslation();
  const { can } = useConsole();
  const { path, permissions } = PRODUCT_KINDS[kind];
  const text = (key: string) => t(`admin.products.${kind}.${key}`);
  return (
    <>
      <PageHeader
        title={text("title")}
        description={text("description")}
        actions={
          can(permissions.create) ? (
            <ButtonLink to={`${path}/new`} data-testid={`new-${kind}`}>
              <PlusIcon className="size-4" />
              {text("new")}
            </ButtonLink>
          ) : null
        }
      />
      <DataTable
        caption={text("title")}
        testId={`${kind}-table`}
        columns={columns}
        rows={data.data}
        rowKey={(row) => row.cuid}
        sort={data.sort}
        paging={data.paging}
        toolbar={
          <>
            <SearchBox label={text("search")} param="q" />
            <FilterSelect
              label={t(`admin.products.filter.${switchParam}`)}
              param={switchParam}
              allLabel={t("admin.products.filter.all")}
              options={[
                { value: "true", label: t(`admin.products.switch.${switchParam}.on`) },
                { value: "false", label: t(`admin.products.switch.${switchParam}.off`) },
              ]}
            />
            {data.filtered ? (
              <Link
                to={path}
                className="text-sm font-semibold text-accent-ink underline-offset-4 hover:underline sm:mb-2.5"
              >
                {t("admin.products.filter.reset")}
              </Link>
            ) : null}
          </>
        }
        empty={<EmptyState icon={icon} title={text(data.filtered ? "empty_filtered" : "empty")} />}
      />
    </>
  );
}

/** The on/off state of a product as a pill: published or not, active or not. */
export function SwitchBadge({ on, switchParam }: { on: boolean; switchParam: ProductSwitch }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={on ? "green" : "grey"}>
      {t(`admin.products.switch.${switchParam}.${on ? "on" : "off"}`)}
    </StatusBadge>
  );
}
