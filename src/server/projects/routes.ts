// Projects API of requirements 1.7: lists, detail, create (with its file), edit, delete. The
// file routes (uploads, downloads, evaluation) are in file-routes.ts.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DEFAULT_PROJECT_STATUS } from "../../common/project-status";
import { ANALYSIS_DELIVERY_HOURS } from "../../common/prices";
import {
  companyIdField,
  isPagedProjectQuery,
  PROJECT_MESSAGES,
  PROJECT_PAGE_DEFAULT,
  projectCreateSchema,
  projectListQuery,
  projectUpdateSchema,
  type ProjectListQuery,
} from "../../common/schemas/project";
import { idParam } from "../../common/schemas/common";
import { orderSummarySchema, type OrderSummary } from "../../common/schemas/order";
import { z } from "zod";
import { messageSchema, projectDtoSchema } from "../../common/schemas/responses";
import type { AppDeps } from "../app";
import { multipartForm, projectCreateForm } from "../api-docs/multipart";
import { canAccessCompany, requireRole, requireUser } from "../auth/guards";
import { HttpError, badRequest, forbidden, notFound } from "../http/errors";
import { audit } from "../audit/log";
import { canSeeProject } from "../../common/project-access";
import { canChangeStatus, loadManageableProject, visibleProjects } from "./access";
import { companyExists, deleteProject, findProject, insertProject, orderSummary, updateProject } from "./queries";
import { createProjectListCache, type ListScope } from "./list-cache";
import type { FastifyReply, FastifyRequest } from "fastify";
import { readProjectUpload, storeProjectFile } from "./files";
import { inputFilesCommitted, runInputFileHooks } from "./input-hooks";
import { projectFileRoutes } from "./file-routes";
import { companyRateLimit } from "../http/rate-limit";

/** Tender files (project create with file, upload-input) per company: counted over 10 minutes. */
export const UPLOAD_WINDOW_MS = 10 * 60_000;
export const UPLOAD_RATE_MESSAGE =
  "Ihr Unternehmen hat in den letzten 10 Minuten zu viele Leistungsverzeichnisse hochgeladen. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.";

const companyIdParam = z.object({ companyId: idParam.shape.id });

/** zod issues → the API's { message, errors } 400. */
function validationError(error: z.ZodError): HttpError {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "body";
    if (!errors[key]) errors[key] = issue.message;
  }
  return badRequest(Object.values(errors)[0] ?? "Ungültige Eingabe", errors);
}

export const projectRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    const lists = createProjectListCache(db, app.localWrites, deps.config.cacheStaleMs, deps.config.projectListCacheBytes);
    // Every stored tender file is read in the background: one counter per company for both
    // routes that store one, so no company can keep the readers busy for everyone else.
    const uploadLimit = companyRateLimit(app, deps.config, deps.config.uploadRateLimit, UPLOAD_WINDOW_MS, UPLOAD_RATE_MESSAGE);

    /**
     * Without parameters the whole list, with any one page; both from the list cache, whose
     * memory is bounded by PROJECT_LIST_CACHE_MB (list-cache.ts).
     */
    async function sendList(req: FastifyRequest, reply: FastifyReply, scope: ListScope, query: ProjectListQuery) {
      if (!isPagedProjectQuery(query)) return lists.send(req, reply, scope);
      return lists.sendPage(req, reply, scope, {
        limit: query.limit ?? PROJECT_PAGE_DEFAULT,
        offset: query.offset ?? 0,
        q: query.q ?? "",
        sort: query.sort ?? "-createdAt",
        searchOrders: query.view === "orders",
      });
    }

    app.get(
      "/api/projects",
      { schema: { querystring: projectListQuery, response: { 200: z.array(projectDtoSchema) } } },
      async (req, reply) => {
        return sendList(req, reply, visibleProjects(requireUser(req)), req.query);
      },
    );

    app.get(
      "/api/companies/:companyId/projects",
      { schema: { params: companyIdParam, querystring: projectListQuery, response: { 200: z.array(projectDtoSchema) } } },
      async (req, reply) => {
        const user = requireUser(req);
        const { companyId } = req.params;
        if (!canAccessCompany(user, companyId)) throw notFound(PROJECT_MESSAGES.companyNotFound);
        if (!(await companyExists(db, companyId))) throw notFound(PROJECT_MESSAGES.companyNotFound);
        return sendList(req, reply, { shape: "company", companyId }, req.query);
      },
    );

    // The orders page's header figures over all orders (its table is read page by page).
    app.get("/api/orders/summary", { schema: { response: { 200: orderSummarySchema } } }, async (req): Promise<OrderSummary> => {
      requireRole(req, "super_admin");
      return orderSummary(db, new Date(Date.now() - ANALYSIS_DELIVERY_HOURS * 3_600_000));
    });

    app.get("/api/projects/:id", { schema: { params: idParam, response: { 200: projectDtoSchema } } }, async (req) => {
      const user = requireUser(req);
      const project = await findProject(db, req.params.id);
      if (!project || !canSeeProject(user, project)) throw notFound(PROJECT_MESSAGES.notFound);
      return project;
    });

    // Multipart: the text fields and exactly one file "file" (≤ 10 MB). The whole upload is read
    // (and cut at the limit) before anything is written; project, file and the reading's job are
    // stored in one transaction, so a failure never leaves a project without its file.
    app.post(
      "/api/projects",
      {
        schema: { ...multipartForm(projectCreateForm), response: { 201: projectDtoSchema } },
        preHandler: uploadLimit ? [uploadLimit] : [],
      },
      async (req, reply) => {
        const user = requireRole(req, "super_admin", "company_admin");
        if (user.role === "company_admin" && user.companyId === null) throw forbidden(PROJECT_MESSAGES.noCompany);
        const { fields, files } = await readProjectUpload(req, deps.ops?.disk);
        const parsed = projectCreateSchema.safeParse(fields);
        if (!parsed.success) throw validationError(parsed.error);
        const file = files[0];
        if (!file || file.size === 0) throw badRequest(PROJECT_MESSAGES.fileRequired, { file: PROJECT_MESSAGES.fileRequired });

        let companyId = user.companyId;
        if (user.role === "super_admin") {
          const requested = companyIdField.safeParse(fields.companyId);
          if (!requested.success) throw validationError(requested.error);
          companyId = requested.data;
          if (companyId !== null) {
            if (!(await companyExists(db, companyId)))
              throw badRequest(PROJECT_MESSAGES.companyNotFound, { companyId: PROJECT_MESSAGES.companyNotFound });
          }
        }

        // The reading is queued in the same transaction: an acknowledged upload always has its job.
        const projectId = await db.transaction(async (tx) => {
          const id = await insertProject(tx, { ...parsed.data, status: DEFAULT_PROJECT_STATUS, companyId, createdBy: user.id });
          const fileId = await storeProjectFile(tx, id, "input", file, user.id);
          await runInputFileHooks(tx, { projectId: id, fileId, fileName: file.fileName });
          return id;
        });
        inputFilesCommitted();
        const project = await findProject(db, projectId);
        if (!project) throw notFound(PROJECT_MESSAGES.notFound);
        return reply.status(201).send(project);
      },
    );

    app.put(
      "/api/projects/:id",
      { schema: { params: idParam, body: projectUpdateSchema, response: { 200: projectDtoSchema } } },
      async (req) => {
        const user = requireUser(req);
        const project = await loadManageableProject(db, user, req.params.id);
        const { status, ...changes } = req.body;
        const statusChanged = status !== undefined && status !== project.status;
        if (statusChanged && !canChangeStatus(user)) throw forbidden(PROJECT_MESSAGES.statusSuperAdminOnly);
        await updateProject(db, project.id, { ...changes, ...(statusChanged ? { status } : {}), updatedAt: new Date() });
        if (statusChanged) {
          await audit(db, req, "project.status_change", { type: "project", id: project.id }, { from: project.status, to: status });
        }
        const updated = await findProject(db, project.id);
        if (!updated) throw notFound(PROJECT_MESSAGES.notFound);
        return updated;
      },
    );

    app.delete("/api/projects/:id", { schema: { params: idParam, response: { 200: messageSchema } } }, async (req) => {
      const user = requireUser(req);
      const project = await loadManageableProject(db, user, req.params.id);
      // project_files and the tender readings go with the project (ON DELETE CASCADE).
      if (!(await deleteProject(db, project.id))) throw notFound(PROJECT_MESSAGES.notFound);
      await audit(db, req, "project.delete", { type: "project", id: project.id }, { name: project.name, companyId: project.companyId });
      return { message: "Projekt gelöscht" };
    });

    await app.register(projectFileRoutes(deps, { uploadLimit }));
  };
