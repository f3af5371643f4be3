// Seeds one company with many projects (issue 16: 1 000 / 10 000 / 50 000) straight in SQL —
// generate_series inserts, not HTTP calls — so 50 000 projects with their input files take
// seconds. A second, small company keeps the company filter honest, and the demo project
// (firstStart) is there as in production. Only PostgreSQL or PGlite through openDatabase.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { openDatabase } from "../src/server/db/client";
import { companies, users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/auth/passwords";
import { loadConfig } from "../src/server/config";
import { firstStart } from "../src/server/seed/first-start";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;

/** Words of the seeded names: "Kita" matches about 1 project in 8, a cost centre exactly one. */
export const LARGE_SEARCH = { many: "Kita", few: "KST-L-000471" } as const;

export async function seedLargeCompany(opts: { databaseUrl?: string; dataDir: string; projects: number }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const { db } = database;
  await firstStart(db, loadConfig({}), silent);
  const password = "Bench!Passwort1";
  const passwordHash = await hashPassword(password);
  const [big, small] = await db
    .insert(companies)
    .values([
      {
        name: "Großbau Frankfurt GmbH",
        address: "Mainzer Landstraße 1, 60329 Frankfurt am Main",
        contactEmail: "info@grossbau.de",
        freeChatbotRequestsPerMonth: -1,
      },
      {
        name: "Kleinbau Butzbach GmbH",
        address: "Marktplatz 1, 35510 Butzbach",
        contactEmail: "info@kleinbau.de",
        freeChatbotRequestsPerMonth: -1,
      },
    ])
    .returning({ id: companies.id });
  const [admin, , otherAdmin] = await db
    .insert(users)
    .values([
      {
        username: "large_admin",
        email: "admin@grossbau.de",
        passwordHash,
        firstName: "Anna",
        lastName: "Müller",
        role: "company_admin" as const,
        companyId: big.id,
      },
      {
        username: "large_user",
        email: "user@grossbau.de",
        passwordHash,
        firstName: "Bernd",
        lastName: "Schmidt",
        role: "user" as const,
        companyId: big.id,
      },
      {
        username: "small_admin",
        email: "admin@kleinbau.de",
        passwordHash,
        firstName: "Claudia",
        lastName: "Fischer",
        role: "company_admin" as const,
        companyId: small.id,
      },
    ])
    .returning({ id: users.id });

  // n = 0 is the newest project; the names cycle through 8 works × 10 cities.
  const works = sql.raw(
    `(array['Neubau Kita','Sanierung Grundschule','Erweiterung Feuerwache','Neubau Mehrfamilienhaus','Umbau Rathaus','Neubau Lagerhalle','Sanierung Turnhalle','Neubau Bürogebäude'])`,
  );
  const cities = sql.raw(
    `(array['Butzbach','Frankfurt am Main','Gießen','Wetzlar','Marburg','Friedberg','Bad Nauheim','Hanau','Darmstadt','Offenbach'])`,
  );
  const insertProjects = (companyId: number, createdBy: number, count: number) => sql`
    insert into projects (name, cost_center, contact_person, contact_email, description, status, company_id, created_by, created_at, updated_at)
    select ${works}[n % 8 + 1] || ' ' || ${cities}[n % 10 + 1] || ' – BA ' || (n % 7 + 1),
           'KST-L-' || lpad(n::text, 6, '0'), (array['Bauleitung','Frau Weber','Herr Schneider'])[n % 3 + 1], 'bauleitung@example.de',
           'Leistungsverzeichnis Rohbau und Ausbau.', (array['Neu','In Review','Aktiv','Abgeschlossen'])[n % 4 + 1],
           ${companyId}, ${createdBy}, now() - make_interval(mins => n * 7), now() - make_interval(mins => n * 7)
    from generate_series(0, ${count - 1}) n`;
  await db.execute(insertProjects(big.id, admin.id, opts.projects));
  // Other companies' projects (half as many again, in the small company) keep the company filter
  // selective, as in a real installation with many customers.
  await db.execute(insertProjects(small.id, otherAdmin.id, Math.max(50, Math.round(opts.projects / 2))));
  // Every project an input file of 2 KB (the list shows its name, size and date).
  const sha = createHash("sha256").update("bench").digest("hex");
  await db.execute(sql`
    insert into project_files (project_id, kind, file_name, extension, mime_type, size, sha256, data, uploaded_by, created_at)
    select p.id, 'input', 'LV-' || p.id || '.x83', 'x83', 'application/xml', 2048, ${sha}, decode(repeat('00', 2048), 'hex'), p.created_by, p.created_at
    from projects p where p.input_file_id is null and p.created_by is not null`);
  await db.execute(
    sql`update projects p set input_file_id = f.id from project_files f where f.project_id = p.id and f.kind = 'input' and p.input_file_id is null`,
  );
  // What autovacuum does within a minute of a bulk load: flush the GIN pending lists of the
  // search indexes (else the planner prices them out) and gather statistics.
  await db.execute(sql`vacuum analyze projects`);
  await db.execute(sql`vacuum analyze project_files`);
  await database.close();
  return { password, admin: "large_admin", user: "large_user", companyId: big.id, projects: opts.projects };
}
