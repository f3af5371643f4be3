// Chatbot quotas per company and Berlin calendar month (requirements 2.4 and 2.9).
// -1 unlimited (counted, never paid), 0 not purchased (403), N > 0: N free, then 0.27 EUR each.
// Counting is one atomic statement (row lock on the company), so it stays exact under concurrent
// requests and across several app instances on one PostgreSQL; a failed answer is released.
import { eq, sql, type SQL } from "drizzle-orm";
import { berlinMonth } from "../../common/berlin-month";
import { CHATBOT_PACKAGE } from "../../common/prices";
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { ChatbotAnswerUsage, ChatbotUsageDto } from "../../common/types";
import type { Db } from "../db/client";
import { companies } from "../db/schema";
import type { SessionUser } from "../auth/sessions";
import { forbidden, notFound } from "../http/errors";
import { currentChatbotCount } from "../companies/dto";

export const PAID_REQUEST_CENTS = Math.round(CHATBOT_PACKAGE.pricePerExtraRequest * 100);

export const NOT_PURCHASED =
  "Ihr Unternehmen hat das Chatbot-Paket nicht gebucht. Bitte wenden Sie sich an bauklar, um die Chatbots freizuschalten.";
export const NO_COMPANY =
  "Ihrem Konto ist kein Unternehmen zugeordnet. Die Chatbots stehen erst zur Verfügung, wenn ein Administrator Sie einem Unternehmen zugeordnet hat.";

/** Anything that runs SQL: the database or a transaction. */
type Executor = { execute: (query: SQL) => PromiseLike<unknown> };

async function query<T>(ex: Executor, q: SQL): Promise<T[]> {
  const res = (await ex.execute(q)) as { rows: T[] };
  return res.rows;
}

/** A counted request; `ledgerId` is null when nothing was counted (super admin without company). */
export interface Reservation {
  companyId: number | null;
  ledgerId: number | null;
  month: string | null;
  usage: ChatbotAnswerUsage | null;
}

// "The stored count belongs to an earlier Berlin month" — the same rule as companies/dto.ts.
const IN_EARLIER_MONTH = sql`date_trunc('month', last_chatbot_request_reset at time zone 'Europe/Berlin') < date_trunc('month', now() at time zone 'Europe/Berlin')`;

/**
 * Counts one request for the company in a single statement: bump (or restart) the monthly
 * counter under the row lock and write the ledger row with the count it got. No row comes back
 * when the company has limit 0 (or does not exist).
 */
export async function reserveCompanyRequest(db: Db, companyId: number, userId: number, type: ChatbotType): Promise<Reservation> {
  const [row] = await query<{ id: number; month: string; paid: boolean; count: number; lim: number }>(
    db,
    sql`with bumped as (
          update companies set
            chatbot_request_count = case when ${IN_EARLIER_MONTH} then 1 else chatbot_request_count + 1 end,
            last_chatbot_request_reset = case when ${IN_EARLIER_MONTH} then now() else last_chatbot_request_reset end
          where id = ${companyId} and free_chatbot_requests_per_month <> 0
          returning chatbot_request_count as count, free_chatbot_requests_per_month as lim
        ), entry as (
          insert into chatbot_request_ledger (company_id, user_id, chatbot_type, month, paid, price_cents)
          select ${companyId}, ${userId}, ${type}, to_char(now() at time zone 'Europe/Berlin', 'YYYY-MM'),
                 b.lim > 0 and b.count > b.lim,
                 case when b.lim > 0 and b.count > b.lim then ${PAID_REQUEST_CENTS}::int else 0 end
          from bumped b
          returning id, month, paid
        )
        select e.id::int as id, e.month, e.paid, b.count::int as count, b.lim::int as lim from entry e cross join bumped b`,
  );
  if (!row) {
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
    if (!company) throw notFound("Unternehmen nicht gefunden");
    throw forbidden(NOT_PURCHASED);
  }
  return { companyId, ledgerId: row.id, month: row.month, usage: { limit: row.lim, currentCount: row.count, paid: row.paid } };
}

/** Who pays: the user's company; super admins without a company are the provider's staff. */
export async function reserveRequest(db: Db, user: SessionUser, type: ChatbotType): Promise<Reservation> {
  if (user.companyId !== null) return reserveCompanyRequest(db, user.companyId, user.id, type);
  if (user.role === "super_admin") return { companyId: null, ledgerId: null, month: null, usage: null };
  throw forbidden(NO_COMPANY);
}

/**
 * Gives a request back after a failed answer, in one transaction under the company's row lock:
 * delete its ledger row, decrement the counter if it still counts that month, and if a free slot
 * was freed while later requests were paid, the oldest paid one of the month becomes free — so
 * free rows always equal min(count, limit).
 */
export async function releaseRequest(db: Db, r: Reservation): Promise<void> {
  if (r.ledgerId === null || r.companyId === null) return;
  const { companyId, ledgerId } = r;
  await db.transaction(async (tx) => {
    await query(tx, sql`select id from companies where id = ${companyId} for update`);
    const [deleted] = await query<{ paid: boolean; month: string }>(
      tx,
      sql`delete from chatbot_request_ledger where id = ${ledgerId} returning paid, month`,
    );
    if (!deleted) return;
    const stillCounted = await query<{ id: number }>(
      tx,
      sql`update companies set chatbot_request_count = greatest(chatbot_request_count - 1, 0)
          where id = ${companyId}
            and to_char(last_chatbot_request_reset at time zone 'Europe/Berlin', 'YYYY-MM') = ${deleted.month}
          returning id`,
    );
    if (!deleted.paid && stillCounted.length > 0) {
      await query(
        tx,
        sql`update chatbot_request_ledger set paid = false, price_cents = 0
            where id = (select id from chatbot_request_ledger
                        where company_id = ${companyId} and month = ${deleted.month} and paid
                        order by id limit 1)`,
      );
    }
  });
}

/** GET /api/companies/:id/chatbot-usage. */
export async function companyUsage(db: Db, companyId: number): Promise<ChatbotUsageDto | null> {
  const [c] = await db
    .select({
      limit: companies.freeChatbotRequestsPerMonth,
      chatbotRequestCount: companies.chatbotRequestCount,
      lastChatbotRequestReset: companies.lastChatbotRequestReset,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!c) return null;
  return { limit: c.limit, currentCount: currentChatbotCount(c), canMakeRequests: c.limit !== 0, month: berlinMonth() };
}
