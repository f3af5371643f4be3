// The reference price table in use: the newest one the super admin saved, else the shipped one
// (tender/money/reference-prices.ts). Saving adds a row (earlier tables stay for the audit trail);
// resetting removes them all.
import { desc, eq } from "drizzle-orm";
import type { ReferencePriceTableDto, ReferencePricesResponse } from "../../common/schemas/reference-prices";
import type { Db } from "../db/client";
import { referencePrices, users } from "../db/schema";
import { DEFAULT_REFERENCE_PRICES, type ReferencePriceTable } from "../tender/public";

export async function loadReferencePrices(db: Db): Promise<ReferencePricesResponse> {
  const [row] = await db
    .select({ table: referencePrices.priceTable, updatedAt: referencePrices.updatedAt, userId: users.id, username: users.username })
    .from(referencePrices)
    .leftJoin(users, eq(users.id, referencePrices.updatedBy))
    .orderBy(desc(referencePrices.id))
    .limit(1);
  if (!row) return { table: DEFAULT_REFERENCE_PRICES, isDefault: true, updatedAt: null, updatedBy: null };
  return {
    table: row.table as ReferencePriceTableDto,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.userId !== null && row.username !== null ? { id: row.userId, username: row.username } : null,
  };
}

/** The saved table for the engine, or null while the shipped one is in use. */
export async function customReferencePrices(db: Db): Promise<ReferencePriceTable | null> {
  const current = await loadReferencePrices(db);
  return current.isDefault ? null : current.table;
}

export async function saveReferencePrices(db: Db, table: ReferencePriceTableDto, userId: number) {
  const [row] = await db.insert(referencePrices).values({ priceTable: table, updatedBy: userId }).returning({ id: referencePrices.id });
  return row.id;
}

export async function resetReferencePrices(db: Db) {
  await db.delete(referencePrices);
}
