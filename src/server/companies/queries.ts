// The companies area's database work; the routes only check roles and shape answers.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { companies, companyLogos, projects, users } from "../db/schema";
import { notFound } from "../http/errors";

type CompanyRow = typeof companies.$inferSelect;
type CompanyValues = typeof companies.$inferInsert;

export async function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [c] = await db.select().from(companies).where(eq(companies.id, id));
  return c;
}

export const allCompanies = (db: Db) => db.select().from(companies).orderBy(companies.id);

export async function insertCompany(db: Db, values: CompanyValues): Promise<CompanyRow> {
  const [created] = await db.insert(companies).values(values).returning();
  return created;
}

export async function updateCompany(db: Db, id: number, changes: Partial<CompanyValues>): Promise<CompanyRow | undefined> {
  const [updated] = await db.update(companies).set(changes).where(eq(companies.id, id)).returning();
  return updated;
}

/**
 * Deletes a company with its users; its projects (and projects its users created elsewhere) move
 * to the acting super admin. One transaction; 404 for an unknown company.
 */
export async function deleteCompanyMovingProjects(db: Db, id: number, actorId: number) {
  return db.transaction(async (tx) => {
    const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id)).for("update");
    if (!company) throw notFound("Unternehmen nicht gefunden");
    const members = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, id));
    const memberIds = members.map((m) => m.id);
    const moved = await tx
      .update(projects)
      .set({ companyId: null, createdBy: actorId, updatedAt: new Date() })
      .where(eq(projects.companyId, id))
      .returning({ id: projects.id });
    if (memberIds.length) {
      // Projects these users created elsewhere keep existing, now owned by the admin.
      await tx.update(projects).set({ createdBy: actorId }).where(inArray(projects.createdBy, memberIds));
      await tx.delete(users).where(inArray(users.id, memberIds));
    }
    await tx.delete(companies).where(eq(companies.id, id));
    return { company, movedProjects: moved.length, deletedUsers: memberIds.length };
  });
}

export async function storeCompanyLogo(db: Db, companyId: number, mimeType: string, data: Buffer, logoUrl: string, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(companyLogos)
      .values({ companyId, mimeType, data, updatedAt: now })
      .onConflictDoUpdate({ target: companyLogos.companyId, set: { mimeType, data, updatedAt: now } });
    await tx.update(companies).set({ logo: logoUrl }).where(eq(companies.id, companyId));
  });
}

export async function findCompanyLogo(db: Db, companyId: number) {
  const [logo] = await db.select().from(companyLogos).where(eq(companyLogos.companyId, companyId));
  return logo;
}
