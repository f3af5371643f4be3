// One page of the inquiries (GET /api/inquiries?limit&offset&q&sort&kind): membership requests and
// contact messages in one list, newest first. The spec names no search for this screen; q looks in
// the fields each card heads with: company name, contact person, e-mail and town of a membership
// request; name, e-mail and company of a contact message.
import { desc, inArray, sql, type SQL } from "drizzle-orm";
import type { INQUIRY_KINDS, SortKey } from "../../common/schemas/list-query";
import type { InquiryDto } from "../../common/types";
import type { Db } from "../db/client";
import { contactMessages, membershipRequests } from "../db/schema";
import { containsAny, type PageWindow } from "../http/list-page";
import { contactDto, membershipDto } from "./dto";

export type InquirySort = SortKey<"createdAt">;
export type InquiryKind = (typeof INQUIRY_KINDS)[number];

const m = membershipRequests;
const c = contactMessages;

/** Each kind's part of the list: its filter, or null when the kind filter leaves it out. */
function parts(q: string, kind: InquiryKind | undefined) {
  // Without a search no WHERE at all, and the kind typed: PostgreSQL then flattens the UNION ALL
  // and reads both created_at indexes in a Merge Append that stops after the page.
  const where = (w: SQL | undefined) => (w ? sql` where ${w}` : sql``);
  return {
    membership: kind === "contact" ? null : where(containsAny(q, [m.firmenname, m.ansprechpartner, m.email, m.ort])),
    contact: kind === "membership" ? null : where(containsAny(q, [c.name, c.email, c.company])),
  };
}

/**
 * The page's keys (kind, id) and the number of matches as SQL: a UNION ALL of the two tables'
 * (created_at, id) — each read along its created_at index — cut to the window.
 */
export function inquiryPageQueries(w: PageWindow<InquirySort>, kind?: InquiryKind) {
  const p = parts(w.q, kind);
  const selects: SQL[] = [];
  if (p.membership)
    selects.push(sql`select 'membership'::text as kind, ${m.id} as id, ${m.createdAt} as created_at from ${m}${p.membership}`);
  if (p.contact) selects.push(sql`select 'contact'::text as kind, ${c.id} as id, ${c.createdAt} as created_at from ${c}${p.contact}`);
  const union = sql.join(selects, sql` union all `);
  const dir = w.sort.startsWith("-") ? sql.raw("desc") : sql.raw("asc");
  return {
    // (created_at, id) is unique in practice across both tables (a tie would need the same
    // microsecond and the same id); ordering by it lets both parts be read along their indexes.
    keys: sql`select kind, id from (${union}) as inquiries order by created_at ${dir}, id ${dir} limit ${w.limit} offset ${w.offset}`,
    total: sql`select count(*)::int as n from (${union}) as inquiries`,
  };
}

type Key = { kind: InquiryKind; id: number };

/** Both drivers (pg, PGlite) answer a raw query with { rows }. */
const rowsOf = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as { rows: T[] }).rows;

export async function inquiryPage(db: Db, w: PageWindow<InquirySort>, kind?: InquiryKind): Promise<{ rows: InquiryDto[]; total: number }> {
  const q = inquiryPageQueries(w, kind);
  const [keyResult, totalResult] = await Promise.all([rowsOf<Key>(db, q.keys), rowsOf<{ n: number | string }>(db, q.total)]);
  const keys = keyResult.map((k) => ({ kind: k.kind, id: Number(k.id) }));
  const ids = (k: InquiryKind) => keys.filter((x) => x.kind === k).map((x) => x.id);
  const [requests, messages] = await Promise.all([
    ids("membership").length
      ? db
          .select()
          .from(m)
          .where(inArray(m.id, ids("membership")))
      : [],
    ids("contact").length
      ? db
          .select()
          .from(c)
          .where(inArray(c.id, ids("contact")))
      : [],
  ]);
  const byKey = new Map<string, InquiryDto>([
    ...requests.map((r) => [`membership:${r.id}`, membershipDto(r)] as const),
    ...messages.map((r) => [`contact:${r.id}`, contactDto(r)] as const),
  ]);
  const rows = keys.map((k) => byKey.get(`${k.kind}:${k.id}`)).filter((r): r is InquiryDto => r !== undefined);
  return { rows, total: Number(totalResult[0]?.n ?? 0) };
}

/** The whole list (no paging parameters): at most `max` of each kind, newest first, as before. */
export async function allInquiries(db: Db, max: number, kind?: InquiryKind): Promise<InquiryDto[]> {
  const [requests, messages] = await Promise.all([
    kind === "contact" ? [] : db.select().from(m).orderBy(desc(m.createdAt), desc(m.id)).limit(max),
    kind === "membership" ? [] : db.select().from(c).orderBy(desc(c.createdAt), desc(c.id)).limit(max),
  ]);
  return [...requests.map(membershipDto), ...messages.map(contactDto)].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  );
}
