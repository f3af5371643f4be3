// Project files: both uploads (new versions, earlier ones kept), downloads with exact name, type
// and length, the version list, and the evaluation for the result view.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { PROJECT_MESSAGES, uploadIdParam } from "../../common/schemas/project";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { fileResponse, multipartForm, projectFileForm } from "../api-docs/multipart";
import { projectFileVersionSchema, projectUploadSchema } from "../../common/schemas/responses";
import { requireUser } from "../auth/guards";
import { badRequest, forbidden, notFound, unsupportedType } from "../http/errors";
import type { FastifyRequest, preHandlerAsyncHookHandler } from "fastify";
import { canDownloadOutput, loadManageableProject, loadVisibleProject } from "./access";
import { findProject } from "./queries";
import { listFileVersions, readFileVersion, readProjectFile, readProjectUpload, sendDownload, storeProjectFile, type FileKind } from "./files";
import { isHtmlUpload, sendEvaluation } from "./evaluation";
import { inputFilesCommitted, runInputFileHooks } from "./input-hooks";
import { recordProjectWork } from "./status";

const versionParams = z.object({ id: idParam.shape.id, fileId: idParam.shape.id });
const resultQuery = z.object({ print: z.enum(["1", "true"]).optional() });


export const projectFileRoutes =
  (deps: AppDeps, opts: { uploadLimit?: preHandlerAsyncHookHandler } = {}): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    // The file may come in any field (the spec's client sends htmlFile / file).
    const upload = async (req: FastifyRequest, projectId: number, kind: FileKind) => {
      const user = requireUser(req);
      const project = await loadManageableProject(db, user, projectId);
      const [file] = (await readProjectUpload(req, deps.ops?.disk)).files;
      if (!file || file.size === 0) throw badRequest(PROJECT_MESSAGES.uploadMissing);
      if (kind === "output" && !isHtmlUpload(file)) throw unsupportedType(PROJECT_MESSAGES.wrongFormat);
      const fileId = await db.transaction(async (tx) => {
        const stored = await storeProjectFile(tx, project.id, kind, file, user.id);
        if (kind === "output") await recordProjectWork(tx, req, project.id, "evaluation_uploaded");
        else await runInputFileHooks(tx, { projectId: project.id, fileId: stored, fileName: file.fileName });
        return stored;
      });
      if (kind === "input") inputFilesCommitted();
      return { message: kind === "output" ? "HTML-Datei wurde erfolgreich hochgeladen" : "Eingabe-Datei wurde erfolgreich hochgeladen", fileId, project: await findProject(db, project.id) };
    };

    app.post("/api/projects/:id/upload-html", { schema: { params: uploadIdParam, ...multipartForm(projectFileForm), response: { 200: projectUploadSchema } } }, (req) => upload(req, req.params.id, "output"));
    // The evaluation (upload-html, super admins) is not a tender file: only this one is limited.
    app.post("/api/projects/:id/upload-input", { schema: { params: uploadIdParam, ...multipartForm(projectFileForm), response: { 200: projectUploadSchema } }, preHandler: opts.uploadLimit ? [opts.uploadLimit] : [] }, (req) =>
      upload(req, req.params.id, "input"),
    );

    app.get("/api/projects/:id/download-input", { schema: { params: idParam, ...fileResponse("application/octet-stream") } }, async (req, reply) => {
      const project = await loadVisibleProject(db, requireUser(req), req.params.id);
      const file = await readProjectFile(db, project.id, "input");
      if (!file) throw notFound("Keine Eingabe-Datei vorhanden");
      return sendDownload(reply, file);
    });

    app.get("/api/projects/:id/download-output", { schema: { params: idParam, ...fileResponse("text/html") } }, async (req, reply) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      if (!canDownloadOutput(user)) throw forbidden();
      const file = await readProjectFile(db, project.id, "output");
      if (!file) throw notFound(PROJECT_MESSAGES.noEvaluation);
      return sendDownload(reply, file);
    });

    /** Every stored version (metadata); output versions only for those who may download them. */
    app.get("/api/projects/:id/files", { schema: { params: idParam, response: { 200: z.array(projectFileVersionSchema) } } }, async (req) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      return listFileVersions(db, project.id, canDownloadOutput(user) ? ["input", "output"] : ["input"]);
    });

    app.get("/api/projects/:id/files/:fileId/download", { schema: { params: versionParams, ...fileResponse("application/octet-stream") } }, async (req, reply) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      const file = await readFileVersion(db, project.id, req.params.fileId);
      if (!file || (file.kind === "output" && !canDownloadOutput(user))) throw notFound("Datei nicht gefunden");
      return sendDownload(reply, file);
    });

    /** The evaluation for the sandboxed frame of /projects/:id/result (?print=1: print view). */
    app.get("/api/projects/:id/result", { schema: { params: idParam, querystring: resultQuery, ...fileResponse("text/html") } }, async (req, reply) => {
      const project = await loadVisibleProject(db, requireUser(req), req.params.id);
      const file = await readProjectFile(db, project.id, "output");
      if (!file) throw notFound(PROJECT_MESSAGES.noEvaluation);
      return sendEvaluation(reply, file, req.query.print !== undefined);
    });
  };
