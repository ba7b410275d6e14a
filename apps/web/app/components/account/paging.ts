import { ACCOUNT_PAGE_SIZE, type Paging, paging } from "@booking/domain";
import { redirect } from "react-router";

/**
 * page_number and page_size of an account list's URL (platform-and-account.md §2.3, §9): page 1
 * and 20 items by default; a value that is not a positive integer (or a page size above 100, the
 * API's bound) falls back to its default rather than failing the page.
 */
export function readPaging(request: Request | URL): { pageNumber: number; pageSize: number } {
  const url = request instanceof URL ? request : new URL(request.url);
  const positive = (name: string, fallback: number, max: number) => {
    const raw = url.searchParams.get(name);
    if (raw === null || !/^\d{1,9}$/.test(raw)) return fallback;
    const value = Number(raw);
    return value >= 1 && value <= max ? value : fallback;
  };
  return {
    pageNumber: positive("page_number", 1, Number.MAX_SAFE_INTEGER),
    pageSize: positive("page_size", ACCOUNT_PAGE_SIZE, 100),
  };
}

/** The paging parameters of a list call for that page, as the API and the readers take them. */
export function pagingParams(page: { pageNumber: number; pageSize: number }) {
  return { page_number: String(page.pageNumber), page_size: String(page.pageSize) };
}

export { type Paging, paging };

/**
 * One page of an account list, read by `read` with the paging of the URL. A URL past the last
 * page (typed, or kept since items were deleted) is sent to the last page.
 */
export async function readListPage<T>(
  request: Request,
  read: (params: { page_number: string; page_size: string }) => Promise<{
    data: T[];
    count: number;
  }>,
): Promise<{ data: T[]; paging: { count: number; pageNumber: number; pageSize: number } }> {
  const page = readPaging(request);
  const list = await read(pagingParams(page));
  if (list.data.length === 0 && list.count > 0 && page.pageNumber > 1) {
    const url = new URL(request.url);
    url.searchParams.set("page_number", String(Math.ceil(list.count / page.pageSize)));
    throw redirect(`${url.pathname}${url.search}`);
  }
  return { data: list.data, paging: { count: list.count, ...page } };
}
