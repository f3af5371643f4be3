// Companies API of requirements 2.7. Super admins manage all; company admins see and edit
// their own company (not its chatbot limit); users may read their own company (sidebar).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chatbotLimitsSchema, companyPatchSchema, companySchema, LOGO_MAX_BYTES } from "../../common/schemas/company";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { companyLogoForm, fileResponse, multipartForm } from "../api-docs/multipart";
import { canAccessCompany, requireRole, requireUser } from "../auth/guards";
import { badRequest, unsupportedType, conflict, forbidden, notFound } from "../http/errors";
import { readMultipart } from "../http/uploads";
import { audit } from "../audit/log";
import { toCompanyDto } from "./dto";
import { companyPageQueries } from "./list";
import {
  allCompanies,
  deleteCompanyMovingProjects,
  findCompany,
  findCompanyLogo,
  insertCompany,
  storeCompanyLogo,
  updateCompany,
} from "./queries";
import { pageWindow, readPage, sendAll, sendPage } from "../http/list-page";
import { companyListQuery } from "../../common/schemas/list-query";
import { companyDeletedSchema, companyDtoSchema, companyLogoSchema } from "../../common/schemas/responses";
import { z } from "zod";
import { sniffImageType } from "./logo";

export const companyRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/companies",
      { schema: { querystring: companyListQuery, response: { 200: z.array(companyDtoSchema) } } },
      async (req, reply) => {
        requireRole(req, "super_admin");
        const page = pageWindow(req.query, "id");
        if (!page) return sendAll(reply, (await allCompanies(db)).map(toCompanyDto));
        return sendPage(reply, await readPage(db, page.q, (tx) => companyPageQueries(tx, page)), toCompanyDto);
      },
    );

    app.post("/api/companies", { schema: { body: companySchema, response: { 201: companyDtoSchema } } }, async (req, reply) => {
      requireRole(req, "super_admin");
      const created = await insertCompany(db, req.body);
      await audit(db, req, "company.create", { type: "company", id: created.id }, { name: created.name });
      return reply.status(201).send(toCompanyDto(created));
    });

    app.get("/api/companies/:id", { schema: { params: idParam, response: { 200: companyDtoSchema } } }, async (req) => {
      const user = requireUser(req);
      // Another company's row is a 404, not a 403: its existence is not disclosed.
      if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
      const c = await findCompany(db, req.params.id);
      if (!c) throw notFound("Unternehmen nicht gefunden");
      return toCompanyDto(c);
    });

    app.patch(
      "/api/companies/:id",
      { schema: { params: idParam, body: companyPatchSchema, response: { 200: companyDtoSchema } } },
      async (req) => {
        const user = requireRole(req, "super_admin", "company_admin");
        if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
        if (user.role !== "super_admin" && req.body.freeChatbotRequestsPerMonth !== undefined) {
          throw forbidden("Nur Systemadministratoren können das Chatbot-Limit ändern.");
        }
        if (Object.keys(req.body).length === 0) throw badRequest("Keine Änderungen angegeben");
        const updated = await updateCompany(db, req.params.id, req.body);
        if (!updated) throw notFound("Unternehmen nicht gefunden");
        await audit(db, req, "company.update", { type: "company", id: updated.id }, { fields: Object.keys(req.body) });
        return toCompanyDto(updated);
      },
    );

    app.patch(
      "/api/companies/:id/chatbot-limits",
      { schema: { params: idParam, body: chatbotLimitsSchema, response: { 200: companyDtoSchema } } },
      async (req) => {
        requireRole(req, "super_admin");
        const updated = await updateCompany(db, req.params.id, { freeChatbotRequestsPerMonth: req.body.freeChatbotRequestsPerMonth });
        if (!updated) throw notFound("Unternehmen nicht gefunden");
        await audit(
          db,
          req,
          "company.update",
          { type: "company", id: updated.id },
          { freeChatbotRequestsPerMonth: updated.freeChatbotRequestsPerMonth },
        );
        return toCompanyDto(updated);
      },
    );

    // Deleting a company deletes its users and moves its projects to the acting super admin,
    // all in one transaction.
    app.delete("/api/companies/:id", { schema: { params: idParam, response: { 200: companyDeletedSchema } } }, async (req) => {
      const actor = requireRole(req, "super_admin");
      const id = req.params.id;
      if (actor.companyId === id) throw conflict("Sie können das Unternehmen, dem Sie selbst angehören, nicht löschen.");
      const result = await deleteCompanyMovingProjects(db, id, actor.id);
      await audit(db, req, "company.delete", { type: "company", id }, result);
      return { message: "Unternehmen gelöscht", deletedUsers: result.deletedUsers, movedProjects: result.movedProjects };
    });

    app.post(
      "/api/companies/:id/logo",
      { schema: { params: idParam, ...multipartForm(companyLogoForm), response: { 200: companyLogoSchema } } },
      async (req) => {
        const user = requireRole(req, "super_admin", "company_admin");
        if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
        const company = await findCompany(db, req.params.id);
        if (!company) throw notFound("Unternehmen nicht gefunden");
        const { files } = await readMultipart(req, {
          maxFileBytes: LOGO_MAX_BYTES,
          maxFiles: 1,
          tooLargeMessage: "Die Datei darf maximal 2MB groß sein.",
        });
        const file = files.find((f) => f.field === "logo") ?? files[0];
        if (!file) throw badRequest("Keine Datei ausgewählt");
        const mimeType = sniffImageType(file.data);
        if (!mimeType) throw unsupportedType("Ungültiger Dateityp");
        const now = new Date();
        const logo = `/api/companies/${company.id}/logo?v=${now.getTime()}`;
        await storeCompanyLogo(db, company.id, mimeType, file.data, logo, now);
        await audit(db, req, "company.update", { type: "company", id: company.id }, { logo: true });
        return { logo };
      },
    );

    app.get("/api/companies/:id/logo", { schema: { params: idParam, ...fileResponse("image/png") } }, async (req, reply) => {
      const user = requireUser(req);
      if (!canAccessCompany(user, req.params.id)) throw notFound("Logo nicht gefunden");
      const logo = await findCompanyLogo(db, req.params.id);
      if (!logo) throw notFound("Logo nicht gefunden");
      reply
        .header("Content-Type", logo.mimeType)
        .header("Content-Length", logo.data.length)
        .header("Cache-Control", "private, max-age=86400")
        .header("X-Content-Type-Options", "nosniff");
      return reply.send(logo.data);
    });
  };
