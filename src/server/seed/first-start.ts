// What every start makes sure of: the configured super admin, an invitation link when no super
// admin exists, and the demo project (id 1) with its sample tender and evaluation.
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { and, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ConfigError, type Config } from "../config";
import type { Db } from "../db/client";
import { projectFiles, projects, registrationLinks, users } from "../db/schema";
import { hashPassword } from "../auth/passwords";
import { newPasswordError } from "../auth/password-policy";
import { invitationUrl } from "../registration-links/invitation";
import { createRegistrationLink } from "../registration-links/queries";
import { seedChatbotDefaults } from "../chatbot/seed";
import { DEMO_PROJECT_ID } from "../../common/project-access";
import { recordProjectWork } from "../projects/status";

export { DEMO_PROJECT_ID };

function assetPath(name: string): string {
  const here = dirname(fileURLToPath(import.meta.url));
  // assets/demo/ at the repository root: the client shows the same sample evaluation in the demo.
  const candidates = [
    resolve(here, "../../../assets/demo", name),
    resolve(here, "../../assets/demo", name),
    resolve(process.cwd(), "assets/demo", name),
  ];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}

async function ensureConfiguredAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  if (!config.admin) return;
  const { username, password, email } = config.admin;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  if (existing) return;
  // The same rules as every other way of setting a password (auth/password-policy.ts).
  const problem = newPasswordError(password);
  if (problem) throw new ConfigError(`bauklar startet nicht: ADMIN_PASSWORD ist nicht zulässig. ${problem}`);
  await db.insert(users).values({
    username,
    email,
    passwordHash: await hashPassword(password),
    role: "super_admin",
    firstName: "System",
    lastName: "Administrator",
  });
  log.info({ username }, "super admin from ADMIN_USERNAME created");
}

/**
 * The e-mail of the first-start invitation: ADMIN_EMAIL, or empty — then the first super admin
 * chooses it at registration (POST /api/register takes the e-mail only for such a link).
 */
export const CHOSEN_AT_REGISTRATION = "";

/** Without any super admin, the first account is made by invitation too: the start message shows the link. */
async function ensureAdminInvitation(db: Db, config: Config, log: FastifyBaseLogger) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "super_admin")).limit(1);
  if (admin) return null;
  const email = config.firstAdminEmail ?? CHOSEN_AT_REGISTRATION;
  const [open] = await db
    .select()
    .from(registrationLinks)
    .where(and(eq(registrationLinks.role, "super_admin"), eq(registrationLinks.used, false), gt(registrationLinks.expiresAt, new Date())))
    .limit(1);
  // An open link keeps its token; its e-mail follows the configuration (older versions wrote admin@localhost).
  if (open && open.email !== email) await db.update(registrationLinks).set({ email }).where(eq(registrationLinks.id, open.id));
  const link = open ?? (await createRegistrationLink(db, { email, role: "super_admin", companyId: null, createdBy: null }));
  const url = invitationUrl(config.publicOrigin, link.token);
  // The link itself goes only into the start message (main.ts): a log line would copy the token into
  // log files and collectors.
  log.info({ invitationId: link.id }, "no super admin yet: one-time invitation created for the first super admin");
  return url;
}

async function ensureDemoProject(db: Db) {
  const [existing] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, DEMO_PROJECT_ID));
  if (existing) return;
  const tender = readFileSync(assetPath("demo-tender.x83"));
  const evaluation = readFileSync(assetPath("demo-evaluation.html"));
  const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");
  await db.transaction(async (tx) => {
    await tx.insert(projects).values({
      id: DEMO_PROJECT_ID,
      name: "Demo-Projekt: Neubau Testhalle",
      costCenter: "KST-2025-0001",
      contactPerson: "bauklar Team",
      contactEmail: "demo@bauklar.de",
      description:
        "Beispielprojekt mit einem kurzen GAEB-Leistungsverzeichnis (X83) und einer fertigen Auswertung. Es zeigt, wie Projekte, Dateien und Auswertungen auf der Plattform aussehen.",
      status: "Abgeschlossen",
      companyId: null,
      createdBy: null,
    });
    // The explicit id 1 must not collide with the next generated id.
    await tx.execute(sql`select setval(pg_get_serial_sequence('projects', 'id'), greatest((select max(id) from projects), 1))`);
    const [input] = await tx
      .insert(projectFiles)
      .values({
        projectId: DEMO_PROJECT_ID,
        kind: "input",
        fileName: "Demo-LV-Testhalle.x83",
        extension: "x83",
        mimeType: "application/xml",
        size: tender.length,
        sha256: sha(tender),
        data: tender,
      })
      .returning({ id: projectFiles.id });
    const [output] = await tx
      .insert(projectFiles)
      .values({
        projectId: DEMO_PROJECT_ID,
        kind: "output",
        fileName: "Auswertung-Demo-Testhalle.html",
        extension: "html",
        mimeType: "text/html",
        size: evaluation.length,
        sha256: sha(evaluation),
        data: evaluation,
      })
      .returning({ id: projectFiles.id });
    await tx.update(projects).set({ inputFileId: input.id, outputFileId: output.id }).where(eq(projects.id, DEMO_PROJECT_ID));
  });
}

/** Projects whose evaluation was delivered before the status followed the work still say "Neu". */
async function completeDeliveredProjects(db: Db) {
  const stale = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(isNotNull(projects.outputFileId), inArray(projects.status, ["Neu", "new"])));
  for (const p of stale) await recordProjectWork(db, null, p.id, "evaluation_uploaded");
}

export async function firstStart(db: Db, config: Config, log: FastifyBaseLogger) {
  await ensureConfiguredAdmin(db, config, log);
  await ensureDemoProject(db);
  await completeDeliveredProjects(db);
  await seedChatbotDefaults(db);
  return { adminInvitationUrl: await ensureAdminInvitation(db, config, log) };
}

/** What the terminal shows last after a start: where the product runs and, if needed, the first invitation. */
export function startMessage(opts: { origin: string; database: string; adminInvitationUrl: string | null }): string {
  const lines = ["", `  bauklar läuft auf ${opts.origin} (Datenbank: ${opts.database})`, ""];
  if (opts.adminInvitationUrl) {
    lines.push(
      "  Noch kein Systemadministrator. Einmaliger Einladungslink für den ersten Systemadministrator:",
      "",
      `    ${opts.adminInvitationUrl}`,
      "",
    );
  }
  return `${lines.join("\n")}\n`;
}
