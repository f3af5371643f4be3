// Companies API of requirements 2.7. Super admins manage all; company admins see and edit
// their own company (not its chatbot limit); users may read their own company (sidebar).
import { eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { chatbotLimitsSchema, companyPatchSchema, companySchema, LOGO_MAX_BYTES } from "../../common/schemas/company";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { companyLogoForm, fileResponse, multipartForm } from "../api-docs/multipart";
import { companies, companyLogos, projects, users } from "../db/schema";
import { canAccessCompany, requireRole, requireUser } from "../auth/guards";
import { HttpError, badRequest, conflict, forbidden, notFound } from "../http/errors";
import { readMultipart } from "../http/uploads";
import { audit } from "../audit/log";
import { toCompanyDto } from "./dto";
import { companyPageQueries } from "./list";
import { pageWindow, readPage, sendAll, sendPage } from "../http/list-page";
import { companyListQuery } from "../../common/schemas/list-query";
import { companyDeletedSchema, companyDtoSchema, companyLogoSchema } from "../../common/schemas/responses";
import { z } from "zod";
import { sniffImageType } from "./logo";

export const companyRoutes =
  ({ db }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const findCompany = async (id: number) => {
      const [c] = await db.select().from(companies).where(eq(companies.id, id));
      return c;
    };

    app.get(
      "/api/companies",
      { schema: { querystring: companyListQuery, response: { 200: z.array(companyDtoSchema) } } },
      async (req, reply) => {
        requireRole(req, "super_admin");
        const page = pageWindow(req.query, "id");
        if (!page) return sendAll(reply, (await db.select().from(companies).orderBy(companies.id)).map(toCompanyDto));
        return sendPage(reply, await readPage(db, page.q, (tx) => companyPageQueries(tx, page)), toCompanyDto);
      },
    );

    app.post("/api/companies", { schema: { body: companySchema, response: { 201: companyDtoSchema } } }, async (req, reply) => {
      requireRole(req, "super_admin");
      const [created] = await db.insert(companies).values(req.body).returning();
      await audit(db, req, "company.create", { type: "company", id: created.id }, { name: created.name });
      return reply.status(201).send(toCompanyDto(created));
    });

    app.get("/api/companies/:id", { schema: { params: idParam, response: { 200: companyDtoSchema } } }, async (req) => {
      const user = requireUser(req);
      // Another company's row is a 404, not a 403: its existence is not disclosed.
      if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
      const c = await findCompany(req.params.id);
      if (!c) throw notFound("Unternehmen nicht gefunden");
      return toCompanyDto(c);
    });

    app.patch("/api/companies/:id", { schema: { params: idParam, body: companyPatchSchema, response: { 200: companyDtoSchema } } }, async (req) => {
      const user = requireRole(req, "super_admin", "company_admin");
      if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
      if (user.role !== "super_admin" && req.body.freeChatbotRequestsPerMonth !== undefined) {
        throw forbidden("Nur Systemadministratoren können das Chatbot-Limit ändern.");
      }
      if (Object.keys(req.body).length === 0) throw badRequest("Keine Änderungen angegeben");
      const [updated] = await db.update(companies).set(req.body).where(eq(companies.id, req.params.id)).returning();
      if (!updated) throw notFound("Unternehmen nicht gefunden");
      await audit(db, req, "company.update", { type: "company", id: updated.id }, { fields: Object.keys(req.body) });
      return toCompanyDto(updated);
    });

    app.patch(
      "/api/companies/:id/chatbot-limits",
      { schema: { params: idParam, body: chatbotLimitsSchema, response: { 200: companyDtoSchema } } },
      async (req) => {
        requireRole(req, "super_admin");
        const [updated] = await db
          .update(companies)
          .set({ freeChatbotRequestsPerMonth: req.body.freeChatbotRequestsPerMonth })
          .where(eq(companies.id, req.params.id))
          .returning();
        if (!updated) throw notFound("Unternehmen nicht gefunden");
        await audit(db, req, "company.update", { type: "company", id: updated.id }, { freeChatbotRequestsPerMonth: updated.freeChatbotRequestsPerMonth });
        return toCompanyDto(updated);
      },
    );

    // Deleting a company deletes its users and moves its projects to the acting super admin,
    // all in one transaction.
    app.delete("/api/companies/:id", { schema: { params: idParam, response: { 200: companyDeletedSchema } } }, async (req) => {
      const actor = requireRole(req, "super_admin");
      const id = req.params.id;
      if (actor.companyId === id) throw conflict("Sie können das Unternehmen, dem Sie selbst angehören, nicht löschen.");
      const result = await db.transaction(async (tx) => {
        const [company] = await tx.select({ id: companies.id, name: companies.name }).from(companies).where(eq(companies.id, id)).for("update");
        if (!company) throw notFound("Unternehmen nicht gefunden");
        const members = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, id));
        const memberIds = members.map((m) => m.id);
        const moved = await tx
          .update(projects)
          .set({ companyId: null, createdBy: actor.id, updatedAt: new Date() })
          .where(eq(projects.companyId, id))
          .returning({ id: projects.id });
        if (memberIds.length) {
          // Projects these users created elsewhere keep existing, now owned by the admin.
          await tx.update(projects).set({ createdBy: actor.id }).where(inArray(projects.createdBy, memberIds));
          await tx.delete(users).where(inArray(users.id, memberIds));
        }
        await tx.delete(companies).where(eq(companies.id, id));
        return { company, movedProjects: moved.length, deletedUsers: memberIds.length };
      });
      await audit(db, req, "company.delete", { type: "company", id }, result);
      return { message: "Unternehmen gelöscht", deletedUsers: result.deletedUsers, movedProjects: result.movedProjects };
    });

    app.post("/api/companies/:id/logo", { schema: { params: idParam, ...multipartForm(companyLogoForm), response: { 200: companyLogoSchema } } }, async (req) => {
      const user = requireRole(req, "super_admin", "company_admin");
      if (!canAccessCompany(user, req.params.id)) throw notFound("Unternehmen nicht gefunden");
      const company = await findCompany(req.params.id);
      if (!company) throw notFound("Unternehmen nicht gefunden");
      const { files } = await readMultipart(req, { maxFileBytes: LOGO_MAX_BYTES, maxFiles: 1, tooLargeMessage: "Die Datei darf maximal 2MB groß sein." });
      const file = files.find((f) => f.field === "logo") ?? files[0];
      if (!file) throw badRequest("Keine Datei ausgewählt");
      const mimeType = sniffImageType(file.data);
      if (!mimeType) throw new HttpError(415, "Ungültiger Dateityp");
      const now = new Date();
      const logo = `/api/companies/${company.id}/logo?v=${now.getTime()}`;
      await db.transaction(async (tx) => {
        await tx
          .insert(companyLogos)
          .values({ companyId: company.id, mimeType, data: file.data, updatedAt: now })
          .onConflictDoUpdate({ target: companyLogos.companyId, set: { mimeType, data: file.data, updatedAt: now } });
        await tx.update(companies).set({ logo }).where(eq(companies.id, company.id));
      });
      await audit(db, req, "company.update", { type: "company", id: company.id }, { logo: true });
      return { logo };
    });

    app.get("/api/companies/:id/logo", { schema: { params: idParam, ...fileResponse("image/png") } }, async (req, reply) => {
      const user = requireUser(req);
      if (!canAccessCompany(user, req.params.id)) throw notFound("Logo nicht gefunden");
      const [logo] = await db.select().from(companyLogos).where(eq(companyLogos.companyId, req.params.id));
      if (!logo) throw notFound("Logo nicht gefunden");
      reply
        .header("Content-Type", logo.mimeType)
        .header("Content-Length", logo.data.length)
        .header("Cache-Control", "private, max-age=86400")
        .header("X-Content-Type-Options", "nosniff");
      return reply.send(logo.data);
    });
  };
