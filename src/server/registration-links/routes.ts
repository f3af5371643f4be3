// Invitation links: create (super admin: any role/company; company admin: users of its own
// company), list and delete (super admin), and the public validation used by /auth.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { registrationLinkSchema } from "../../common/schemas/registration-link";
import { idParam } from "../../common/schemas/common";
import type { RegistrationLinkDto, RegistrationLinkValidation } from "../../common/types";
import type { AppDeps } from "../app";
import { requireRole } from "../auth/guards";
import { loadManageableLink } from "./pending-routes";
import { badRequest, conflict, forbidden, notFound } from "../http/errors";
import { audit } from "../audit/log";
import { companyRateLimit, rateLimited } from "../http/rate-limit";
import { pageWindow, readPage, sendAll, sendPage } from "../http/list-page";
import { registrationLinkListQuery } from "../../common/schemas/list-query";
import {
  messageSchema,
  registrationLinkCreatedSchema,
  registrationLinkDtoSchema,
  registrationLinkValidationSchema,
} from "../../common/schemas/responses";
import { allRegistrationLinks, registrationLinkPageQueries } from "./list";
import { deleteRegistrationLink, createRegistrationLink, invitingCompany, linkByToken, userWithEmail } from "./queries";
import { invitationUrl, NEEDS_COMPANY } from "./invitation";
import { createMailer, sendIfConfigured } from "../mail/mailer";
import { invitationMail } from "../mail/templates";

export const registrationLinkRoutes =
  ({ db, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const mailer = createMailer(config.smtp, app.log);

    app.get(
      "/api/registration-links/:token/validate",
      {
        schema: {
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: registrationLinkValidationSchema, 404: registrationLinkValidationSchema },
        },
        config: rateLimited(config, 30, 60_000, "Zu viele Anfragen. Bitte versuchen Sie es später erneut."),
      },
      async (req, reply): Promise<RegistrationLinkValidation> => {
        const link = await linkByToken(db, req.params.token);
        if (!link || link.used || link.expiresAt.getTime() <= Date.now()) {
          reply.status(404);
          return { valid: false, message: "Registration link is invalid, expired or already used" };
        }
        return { valid: true, email: link.email, role: link.role, companyId: link.companyId };
      },
    );

    // Invitations per company (super admins each on their own): 30 per 10 minutes.
    const inviteLimit = companyRateLimit(app, config, 30, 10 * 60_000, "Zu viele Einladungen. Bitte versuchen Sie es später erneut.");
    const invited = {
      schema: { body: registrationLinkSchema, response: { 201: registrationLinkCreatedSchema } },
      preHandler: inviteLimit ? [inviteLimit] : [],
    };
    app.post("/api/registration-links", invited, async (req, reply) => {
      const actor = requireRole(req, "super_admin", "company_admin");
      const body = req.body;
      if (actor.role === "company_admin") {
        if (actor.companyId === null) throw forbidden(NEEDS_COMPANY);
        if (body.role !== "user") throw forbidden("Unternehmensadministratoren können nur Benutzer einladen.");
        if (body.companyId !== actor.companyId) throw forbidden("Sie können nur Benutzer für Ihr eigenes Unternehmen einladen.");
      }
      const company = await invitingCompany(db, body.companyId);
      if (!company) throw badRequest("Unternehmen ist erforderlich", { companyId: "Unternehmen ist erforderlich" });
      const existing = await userWithEmail(db, body.email);
      // A company admin learns only about its own company's addresses: another company's address
      // gets the same 201 as an unknown one (issue 22, item 9), and the registration refuses it.
      if (existing && (actor.role === "super_admin" || existing.companyId === actor.companyId)) throw conflict("Email already exists");
      const link = await createRegistrationLink(db, { ...body, createdBy: actor.id });
      await audit(
        db,
        req,
        "registration_link.create",
        { type: "registration_link", id: link.id },
        { email: link.email, role: link.role, companyId: link.companyId },
      );
      const url = invitationUrl(config.publicOrigin, link.token);
      // The link is stored and valid whatever the mail server does; the client shows it either way.
      const mailed = await sendIfConfigured(
        mailer,
        invitationMail({ to: link.email, inviter: actor, companyName: company.name, role: link.role, url, expiresAt: link.expiresAt }),
      );
      return reply.status(201).send({
        registrationLink: {
          id: link.id,
          token: link.token,
          email: link.email,
          role: link.role,
          companyId: link.companyId,
          expiresAt: link.expiresAt.toISOString(),
        },
        url,
        mailed,
      });
    });

    app.get(
      "/api/registration-links",
      { schema: { querystring: registrationLinkListQuery, response: { 200: z.array(registrationLinkDtoSchema) } } },
      async (req, reply): Promise<RegistrationLinkDto[]> => {
        requireRole(req, "super_admin");
        const toDto = (r: Awaited<ReturnType<typeof allRegistrationLinks>>[number]): RegistrationLinkDto => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          expiresAt: r.expiresAt.toISOString(),
        });
        const { status } = req.query;
        const page = pageWindow(req.query, "-id");
        if (!page) return sendAll(reply, (await allRegistrationLinks(db, status)).map(toDto));
        return sendPage(reply, await readPage(db, page.q, (tx) => registrationLinkPageQueries(tx, page, status)), toDto);
      },
    );

    app.delete("/api/registration-links/:id", { schema: { params: idParam, response: { 200: messageSchema } } }, async (req) => {
      // Company admins revoke their own company's invitations (issue 27); others' are a 404.
      const actor = requireRole(req, "super_admin", "company_admin");
      if (actor.role === "company_admin") await loadManageableLink(db, actor, req.params.id);
      const deleted = await deleteRegistrationLink(db, req.params.id);
      if (!deleted) throw notFound("Registrierungslink nicht gefunden");
      await audit(db, req, "registration_link.delete", { type: "registration_link", id: deleted.id });
      return { message: "Registrierungslink gelöscht" };
    });
  };
