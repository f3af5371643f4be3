// The body of a list page's table, one shape for all of them: skeleton rows while the first page
// loads, a red row when it failed, "nothing yet" or "nothing found" (while searching) when the
// list is empty, else the rows. The next pages come through LoadMore under the table.
import type { ReactNode } from "react";
import type { PagedList } from "../../lib/use-paged-list";
import { TBody } from "./table";
import { MessageRow, SkeletonRows } from "./table-states";

export interface PagedTableBodyProps<T> {
  /** The list's state (usePagedList's result). */
  list: Pick<PagedList<T>, "rows" | "isPending" | "isError" | "searching">;
  columns: number;
  /** One table row per item (with its key). */
  row: (item: T) => ReactNode;
  /** The empty list's text without and with a search. */
  empty: { none: ReactNode; notFound: ReactNode };
  /** The text when the list could not be loaded. */
  failed: ReactNode;
  skeletonRows?: number;
  skeletonTestId?: string;
}

export function PagedTableBody<T>({ list, columns, row, empty, failed, skeletonRows, skeletonTestId }: PagedTableBodyProps<T>) {
  const { rows, isPending, isError, searching } = list;
  return (
    <TBody>
      {isPending ? <SkeletonRows columns={columns} rows={skeletonRows} testId={skeletonTestId} /> : null}
      {isError ? (
        <MessageRow columns={columns} tone="error">
          {failed}
        </MessageRow>
      ) : null}
      {!isPending && !isError && rows.length === 0 ? (
        <MessageRow columns={columns}>{searching ? empty.notFound : empty.none}</MessageRow>
      ) : null}
      {rows.map(row)}
    </TBody>
  );
}
