// Realistic data for the benchmark: 20 companies, 200 users, 5 000 projects with input files
// (one company with 500), and chatbot history. Written straight into the database before the
// server starts.
import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { openDatabase } from "../src/server/db/client";
import { chatbotConversations, chatbotMessages, companies, projectFiles, projects, users } from "../src/server/db/schema";
import { hashPassword } from "../src/server/auth/passwords";
import { loadConfig } from "../src/server/config";
import { firstStart } from "../src/server/seed/first-start";

const silent = { warn() {}, info() {}, error() {} } as unknown as FastifyBaseLogger;
const CITIES = [
  "Butzbach",
  "Frankfurt am Main",
  "Gießen",
  "Wetzlar",
  "Marburg",
  "Friedberg",
  "Bad Nauheim",
  "Hanau",
  "Darmstadt",
  "Offenbach",
];
const WORKS = [
  "Neubau Kita",
  "Sanierung Grundschule",
  "Erweiterung Feuerwache",
  "Neubau Mehrfamilienhaus",
  "Umbau Rathaus",
  "Neubau Lagerhalle",
  "Sanierung Turnhalle",
  "Neubau Bürogebäude",
];

export async function seedBenchData(opts: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  const { db } = database;
  await firstStart(db, loadConfig({}), silent);
  const password = "Bench!Passwort1";
  const passwordHash = await hashPassword(password);

  const companyRows = await db
    .insert(companies)
    .values(
      Array.from({ length: 20 }, (_, i) => ({
        name: `${["Hoch", "Tief", "Holz", "Stahl", "Massiv"][i % 5]}bau ${CITIES[i % CITIES.length]} ${i + 1} GmbH`,
        address: `Industriestraße ${i + 1}, 35510 ${CITIES[i % CITIES.length]}`,
        contactEmail: `info@firma${i + 1}.de`,
        freeChatbotRequestsPerMonth: -1,
      })),
    )
    .returning({ id: companies.id });

  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: 200 }, (_, i) => ({
        username: `bench_${i}`,
        email: `bench_${i}@firma${(i % 20) + 1}.de`,
        passwordHash,
        firstName: ["Anna", "Bernd", "Claudia", "Dieter", "Eva"][i % 5],
        lastName: ["Müller", "Schmidt", "Schneider", "Fischer", "Weber"][i % 5],
        role: i < 20 ? ("company_admin" as const) : ("user" as const),
        companyId: companyRows[i % 20].id,
      })),
    )
    .returning({ id: users.id, companyId: users.companyId, username: users.username });

  // Company 0 gets 500 projects; the other 4 500 are spread over the rest.
  const adminOf = (companyId: number) => userRows.find((u) => u.companyId === companyId)!;
  const plan = Array.from({ length: 5000 }, (_, i) => (i < 500 ? companyRows[0].id : companyRows[1 + (i % 19)].id));
  const BATCH = 250;
  for (let start = 0; start < plan.length; start += BATCH) {
    const slice = plan.slice(start, start + BATCH);
    const created = await db
      .insert(projects)
      .values(
        slice.map((companyId, j) => {
          const n = start + j;
          return {
            name: `${WORKS[n % WORKS.length]} ${CITIES[n % CITIES.length]} – BA ${(n % 7) + 1}`,
            costCenter: `KST-2026-${String(n).padStart(4, "0")}`,
            contactPerson: "Bauleitung",
            contactEmail: "bauleitung@example.de",
            description: "Leistungsverzeichnis Rohbau und Ausbau.",
            status: ["Neu", "In Review", "Aktiv", "Abgeschlossen"][n % 4],
            companyId,
            createdBy: adminOf(companyId).id,
            createdAt: new Date(Date.now() - n * 3_600_000),
          };
        }),
      )
      .returning({ id: projects.id });
    const files = created.map((p, j) => {
      const data = randomBytes(2048 + ((start + j) % 8) * 1024);
      return {
        projectId: p.id,
        kind: "input" as const,
        fileName: `LV-${p.id}.x83`,
        extension: "x83",
        mimeType: "application/xml",
        size: data.length,
        sha256: createHash("sha256").update(data).digest("hex"),
        data,
      };
    });
    await db.insert(projectFiles).values(files);
  }
  await db.execute(
    sql`update projects p set input_file_id = f.id from project_files f where f.project_id = p.id and f.kind = 'input' and p.input_file_id is null`,
  );

  // Chatbot history: a conversation with a few messages for every fourth user.
  let messages = 0;
  for (const u of userRows.filter((_, i) => i % 4 === 0)) {
    const [c] = await db
      .insert(chatbotConversations)
      .values({ userId: u.id, chatbotType: "legal", title: "Verjährung von Mängelansprüchen" })
      .returning();
    await db.insert(chatbotMessages).values([
      { conversationId: c.id, role: "user", content: "Wie lange verjähren Mängelansprüche nach VOB/B?" },
      { conversationId: c.id, role: "assistant", content: "Nach § 13 Abs. 4 Nr. 1 VOB/B vier Jahre für Bauwerke." },
      { conversationId: c.id, role: "user", content: "Und nach BGB?" },
      { conversationId: c.id, role: "assistant", content: "Nach § 634a Abs. 1 Nr. 2 BGB fünf Jahre bei einem Bauwerk." },
    ]);
    messages += 4;
  }
  const [sample] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(sql`${projects.companyId} = ${companyRows[0].id}`)
    .limit(1);
  await database.close();
  return {
    password,
    bigCompanyAdmin: adminOf(companyRows[0].id).username,
    /** Admins of two other companies: one uploads tender files, the other's requests are measured meanwhile. */
    otherCompanyAdmins: [adminOf(companyRows[1].id).username, adminOf(companyRows[2].id).username],
    sampleProjectId: sample.id,
    counts: { companies: companyRows.length, users: userRows.length, projects: plan.length, messages },
  };
}
