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
import {
  listFileVersions,
  readFileVersion,
  readProjectFile,
  readProjectUpload,
  sendDownload,
  storeProjectFile,
  type FileKind,
} from "./files";
import { isHtmlUpload, sendEvaluation } from "./evaluation";
import { inputFilesCommitted, runInputFileHooks } from "./input-hooks";
import { recordProjectWork } from "./status";
import {
  CONTRACT_DOCUMENT_EXTENSIONS,
  CONTRACT_DOCUMENT_MESSAGES,
  MAX_CONTRACT_DOCUMENTS,
  contractDocumentListSchema,
  contractDocumentParams,
  contractDocumentRemoveSchema,
  contractDocumentUploadSchema,
} from "../../common/schemas/contract-documents";
import { countContractDocuments, listContractDocuments, storeContractDocument, withdrawContractDocument } from "./contract-documents";
import { requeueCurrentInput } from "../boq/worker";

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
      return {
        message: kind === "output" ? "HTML-Datei wurde erfolgreich hochgeladen" : "Eingabe-Datei wurde erfolgreich hochgeladen",
        fileId,
        project: await findProject(db, project.id),
      };
    };

    app.post(
      "/api/projects/:id/upload-html",
      { schema: { params: uploadIdParam, ...multipartForm(projectFileForm), response: { 200: projectUploadSchema } } },
      (req) => upload(req, req.params.id, "output"),
    );
    // The evaluation (upload-html, super admins) is not a tender file: only this one is limited.
    app.post(
      "/api/projects/:id/upload-input",
      {
        schema: { params: uploadIdParam, ...multipartForm(projectFileForm), response: { 200: projectUploadSchema } },
        preHandler: opts.uploadLimit ? [opts.uploadLimit] : [],
      },
      (req) => upload(req, req.params.id, "input"),
    );

    app.get(
      "/api/projects/:id/download-input",
      { schema: { params: idParam, ...fileResponse("application/octet-stream") } },
      async (req, reply) => {
        const project = await loadVisibleProject(db, requireUser(req), req.params.id);
        const file = await readProjectFile(db, project.id, "input");
        if (!file) throw notFound("Keine Eingabe-Datei vorhanden");
        return sendDownload(reply, file);
      },
    );

    app.get("/api/projects/:id/download-output", { schema: { params: idParam, ...fileResponse("text/html") } }, async (req, reply) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      if (!canDownloadOutput(user)) throw forbidden();
      const file = await readProjectFile(db, project.id, "output");
      if (!file) throw notFound(PROJECT_MESSAGES.noEvaluation);
      return sendDownload(reply, file);
    });

    /** Every stored version (metadata); output versions only for those who may download them. */
    app.get(
      "/api/projects/:id/files",
      { schema: { params: idParam, response: { 200: z.array(projectFileVersionSchema) } } },
      async (req) => {
        const user = requireUser(req);
        const project = await loadVisibleProject(db, user, req.params.id);
        return listFileVersions(db, project.id, canDownloadOutput(user) ? ["input", "output"] : ["input"]);
      },
    );

    app.get(
      "/api/projects/:id/files/:fileId/download",
      { schema: { params: versionParams, ...fileResponse("application/octet-stream") } },
      async (req, reply) => {
        const user = requireUser(req);
        const project = await loadVisibleProject(db, user, req.params.id);
        const file = await readFileVersion(db, project.id, req.params.fileId);
        if (!file || (file.kind === "output" && !canDownloadOutput(user))) throw notFound("Datei nicht gefunden");
        return sendDownload(reply, file);
      },
    );

    // Contract documents beside the LV (issue 23): everyone who sees the project lists them;
    // uploading and removing is for those who may change it. Either reads the LV again.
    app.get(
      "/api/projects/:id/contract-documents",
      { schema: { params: idParam, response: { 200: contractDocumentListSchema } } },
      async (req) => {
        const project = await loadVisibleProject(db, requireUser(req), req.params.id);
        return listContractDocuments(db, project.id);
      },
    );

    app.post(
      "/api/projects/:id/contract-documents",
      {
        schema: { params: uploadIdParam, ...multipartForm(projectFileForm), response: { 201: contractDocumentUploadSchema } },
        preHandler: opts.uploadLimit ? [opts.uploadLimit] : [],
      },
      async (req, reply) => {
        const user = requireUser(req);
        const project = await loadManageableProject(db, user, req.params.id);
        const [file] = (await readProjectUpload(req)).files;
        if (!file || file.size === 0) throw badRequest(PROJECT_MESSAGES.uploadMissing);
        if (!(CONTRACT_DOCUMENT_EXTENSIONS as readonly string[]).includes(file.extension))
          throw unsupportedType(CONTRACT_DOCUMENT_MESSAGES.wrongFormat);
        const documentId = await db.transaction(async (tx) => {
          const current = await listContractDocuments(tx, project.id);
          if (current.length >= MAX_CONTRACT_DOCUMENTS && !current.some((d) => d.fileName === file.fileName))
            throw badRequest(CONTRACT_DOCUMENT_MESSAGES.tooMany);
          return storeContractDocument(tx, project.id, file, user.id);
        });
        await requeueCurrentInput(deps, project.id);
        reply.code(201);
        return { message: CONTRACT_DOCUMENT_MESSAGES.uploaded, documentId, documents: await listContractDocuments(db, project.id) };
      },
    );

    app.delete(
      "/api/projects/:id/contract-documents/:documentId",
      { schema: { params: contractDocumentParams, response: { 200: contractDocumentRemoveSchema } } },
      async (req) => {
        const project = await loadManageableProject(db, requireUser(req), req.params.id);
        if (!(await withdrawContractDocument(db, project.id, req.params.documentId))) throw notFound(CONTRACT_DOCUMENT_MESSAGES.notFound);
        await requeueCurrentInput(deps, project.id);
        return {
          message: CONTRACT_DOCUMENT_MESSAGES.removed,
          documents: await listContractDocuments(db, project.id),
          count: await countContractDocuments(db, project.id),
        };
      },
    );

    /** The evaluation for the sandboxed frame of /projects/:id/result (?print=1: print view). */
    app.get(
      "/api/projects/:id/result",
      { schema: { params: idParam, querystring: resultQuery, ...fileResponse("text/html") } },
      async (req, reply) => {
        const project = await loadVisibleProject(db, requireUser(req), req.params.id);
        const file = await readProjectFile(db, project.id, "output");
        if (!file) throw notFound(PROJECT_MESSAGES.noEvaluation);
        return sendEvaluation(reply, file, req.query.print !== undefined);
      },
    );
  };
