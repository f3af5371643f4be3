// Pending invitations under "Benutzer" (issue 27): the links not used and not expired, for a super
// admin all, for a company admin those of the own company; "Erneut senden" mails the same link
// again (the link is shown in any case, mail or not); revoking is DELETE /api/registration-links/:id.
import { and, eq, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { audit } from "../audit/log";
import { requireRole } from "../auth/guards";
import type { SessionUser } from "../auth/sessions";
import type { Db } from "../db/client";
import { companies, registrationLinks } from "../db/schema";
import { conflict, forbidden, notFound } from "../http/errors";
import { createMailer, sendIfConfigured } from "../mail/mailer";
import { invitationMail } from "../mail/templates";
import { invitationUrl, NEEDS_COMPANY } from "./invitation";
import { pendingInvitations } from "./queries";
import { invitationResentSchema, pendingInvitationSchema } from "../../common/schemas/responses";

export const LINK_NOT_FOUND = "Registrierungslink nicht gefunden";

/** What an admin may see and change: all links, or the own company's. */
function scope(actor: SessionUser): SQL | undefined {
  if (actor.role === "super_admin") return undefined;
  if (actor.companyId === null) throw forbidden(NEEDS_COMPANY);
  return eq(registrationLinks.companyId, actor.companyId);
}

/** A link the actor may manage, or a 404 (another company's link is not there for them). */
export async function loadManageableLink(db: Db, actor: SessionUser, id: number) {
  const [link] = await db
    .select({
      id: registrationLinks.id,
      token: registrationLinks.token,
      email: registrationLinks.email,
      role: registrationLinks.role,
      companyId: registrationLinks.companyId,
      companyName: companies.name,
      used: registrationLinks.used,
      expiresAt: registrationLinks.expiresAt,
    })
    .from(registrationLinks)
    .leftJoin(companies, eq(companies.id, registrationLinks.companyId))
    .where(and(eq(registrationLinks.id, id), scope(actor)));
  if (!link) throw notFound(LINK_NOT_FOUND);
  return link;
}

export const pendingInvitationRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const mailer = createMailer(config.smtp, app.log);

    app.get(
      "/api/registration-links/pending",
      {
        schema: {
          summary: "Offene Einladungen (eigenes Unternehmen, Systemadministratoren alle)",
          response: { 200: z.array(pendingInvitationSchema) },
        },
      },
      async (req) => {
        const actor = requireRole(req, "super_admin", "company_admin");
        return pendingInvitations(db, scope(actor));
      },
    );

    app.post(
      "/api/registration-links/:id/resend",
      {
        schema: {
          summary: "Einladung erneut per E-Mail senden",
          params: idParam,
          body: z.object({}).optional(),
          response: { 200: invitationResentSchema },
        },
      },
      async (req) => {
        const actor = requireRole(req, "super_admin", "company_admin");
        const link = await loadManageableLink(db, actor, req.params.id);
        if (link.used || link.expiresAt <= new Date()) throw conflict("Diese Einladung ist nicht mehr offen.");
        const url = invitationUrl(config.publicOrigin, link.token);
        const mailed = await sendIfConfigured(
          mailer,
          invitationMail({
            to: link.email,
            inviter: actor,
            companyName: link.companyName ?? "",
            role: link.role,
            url,
            expiresAt: link.expiresAt,
          }),
        );
        await audit(db, req, "registration_link.resend", { type: "registration_link", id: link.id }, { mailed });
        return { url, mailed };
      },
    );
  };
