import type { ListEnvelope } from "@booking/contracts";
import { readListPage } from "../../components/account/paging";
import { PRODUCT_KINDS, type ProductKind } from "../../components/admin/products/product-kinds";
import { readSort, type SortState, sortParam } from "../../components/admin/table-query";
import { listParams } from "./list-params";
import { adminGet, type ConsoleLoaderArgs, requirePermission } from "./loaders";
import { withQuery } from "./paths";

/** The switch a product list filters on: `published` (storefront) or `active` (coupons). */
export type ProductSwitch = "published" | "active";

/**
 * One page of a product list, as the URL asks: search `q`, the switch filter, sort and paging
 * (values the API would refuse are dropped).
 */
export async function readProductList<T>(
  args: ConsoleLoaderArgs,
  kind: ProductKind,
  options: { sortKeys: string[]; fallback: SortState; switchParam: ProductSwitch },
) {
  requirePermission(args, PRODUCT_KINDS[kind].permissions.read);
  const url = new URL(args.request.url);
  const params = listParams(url);
  const sort = readSort(url, options.sortKeys, options.fallback);
  const filters = { q: params.text("q"), [options.switchParam]: params.flag(options.switchParam) };
  const page = await readListPage(args.request, (paging) =>
    adminGet<ListEnvelope<T>>(
      args,
      withQuery(`/api/admin/${kind}`, { ...paging, ...filters, sort: sortParam(sort) }),
    ),
  );
  return { ...page, sort, filtered: Object.values(filters).some(Boolean) };
}
