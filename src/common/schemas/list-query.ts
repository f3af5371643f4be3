// Query parameters of the lists that grow (issue 16): limit, offset, q and sort, the same for every
// list route. Without any of them (an empty q counts as none) a route returns its whole array as
// before; with any, one page of `limit` rows (default 50) from `offset`, filtered by `q` and
// ordered by `sort`. The total number of matching rows goes in the X-Total-Count header.
import { z } from "zod";

/** A page's size when only q, offset or sort is given. */
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 200;
export const LIST_Q_MAX = 200;

export const LIST_MESSAGES = {
  limit: `limit muss eine Zahl zwischen 1 und ${LIST_PAGE_MAX} sein`,
  offset: "offset muss eine ganze Zahl ab 0 sein",
  q: "Ungültiger Suchbegriff",
  qTooLong: `Der Suchbegriff darf höchstens ${LIST_Q_MAX} Zeichen lang sein`,
} as const;

/** A sort key: the field ascending, or with a leading "-" descending. */
export type SortKey<F extends string> = F | `-${F}`;

/** Every allowed sort value, each field ascending then descending ("name", "-name", …). */
export const sortValues = <const F extends readonly [string, ...string[]]>(fields: F) =>
  fields.flatMap((f) => [f, `-${f}`]) as [SortKey<F[number]>, ...SortKey<F[number]>[]];

/**
 * The query schema of one list: `fields` are the sortable fields of that list (each also with a
 * leading "-"). Routes with filters of their own extend the returned object.
 */
export function listQuery<const F extends readonly [string, ...string[]]>(fields: F) {
  const values = sortValues(fields);
  return z.object({
    limit: z.coerce
      .number({ error: LIST_MESSAGES.limit })
      .int(LIST_MESSAGES.limit)
      .min(1, LIST_MESSAGES.limit)
      .max(LIST_PAGE_MAX, LIST_MESSAGES.limit)
      .optional(),
    offset: z.coerce
      .number({ error: LIST_MESSAGES.offset })
      .int(LIST_MESSAGES.offset)
      .min(0, LIST_MESSAGES.offset)
      .max(2_147_483_647, LIST_MESSAGES.offset)
      .optional(),
    // Repeated (?q=a&q=b) arrives as an array: not a string, so a 400.
    q: z
      .string({ error: LIST_MESSAGES.q })
      .max(LIST_Q_MAX, LIST_MESSAGES.qTooLong)
      .transform((v) => v.trim())
      .optional(),
    sort: z.enum(values, { error: `sort muss einer der Werte ${values.join(", ")} sein` }).optional(),
  });
}

/** The parsed paging parameters of any list. */
export interface ListParams<S extends string = string> {
  limit?: number;
  offset?: number;
  q?: string;
  sort?: S;
}

/** True when the query asks for a page (any parameter set) rather than the whole list. */
export const isPagedQuery = (q: ListParams) => q.limit !== undefined || q.offset !== undefined || !!q.q || q.sort !== undefined;

// The lists' queries (sortable fields; the default order is the spec's, see each route).
/** GET /api/users: default id (requirements 2.2 "Rows are sorted by id"). */
export const userListQuery = listQuery(["id", "username", "email"] as const);
/** GET /api/companies: default id (the table's first column). */
export const companyListQuery = listQuery(["id", "name"] as const);
/** GET /api/registration-links: default -id ("Rows are sorted newest id first"); status filters. */
export const REGISTRATION_LINK_STATUS_FILTERS = ["active", "used", "expired"] as const;
export const registrationLinkListQuery = listQuery(["id", "email", "createdAt", "expiresAt"] as const).extend({
  status: z
    .enum(REGISTRATION_LINK_STATUS_FILTERS, { error: `status muss einer der Werte ${REGISTRATION_LINK_STATUS_FILTERS.join(", ")} sein` })
    .optional(),
});
/** GET /api/inquiries: default -createdAt (newest first); kind filters. */
export const INQUIRY_KINDS = ["membership", "contact"] as const;
export const inquiryListQuery = listQuery(["createdAt"] as const).extend({
  kind: z.enum(INQUIRY_KINDS, { error: `kind muss einer der Werte ${INQUIRY_KINDS.join(", ")} sein` }).optional(),
});
/** GET /api/chatbot/conversations/:type: default -updatedAt (last used first). */
export const conversationListQuery = listQuery(["updatedAt", "createdAt"] as const);
/** GET /api/chatbot/ledger's paging part: default -month (then company name). */
export const ledgerListQuery = listQuery(["month", "companyName"] as const);
