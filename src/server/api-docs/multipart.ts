// Upload routes read their multipart parts themselves (http/uploads.ts): no body validation.
// These forms only describe the parts in the API description (api-docs/register.ts turns
// multipartBody into the multipart/form-data request body).
import { z } from "zod";
import { projectCreateSchema } from "../../common/schemas/project";

declare module "fastify" {
  interface FastifySchema {
    /** Documentation only: the parts of a multipart/form-data body (never validated by Fastify). */
    multipartBody?: z.ZodObject;
    /** Documentation only: the route answers with file bytes of this content type, not JSON. */
    fileResponse?: string;
    /** Documentation only: the route answers with a redirect to this page. */
    redirectResponse?: string;
  }
}

/** Route schema part of an upload route: the content type and its documented parts. */
export const multipartForm = (form: z.ZodObject) => ({ consumes: ["multipart/form-data"], multipartBody: form });

/** Route schema part of a download: its bytes and content type in the API description. */
export const fileResponse = (contentType: string) => ({ fileResponse: contentType });
/** Route schema part of a full-page navigation that ends in a redirect. */
export const redirectResponse = (target: string) => ({ redirectResponse: target });

export const projectCreateForm = projectCreateSchema.extend({
  companyId: z.string().optional().describe("Nur Systemadministratoren: Id des Unternehmens, leer = ohne Unternehmen"),
  file: z.file().describe("Die Ausschreibungsdatei (GAEB, PDF, Excel, CSV …), höchstens 10 MB"),
});

export const projectFileForm = z.object({
  file: z.file().describe("Die Datei (in einem beliebigen Feld, z. B. file oder htmlFile), höchstens 10 MB; upload-html nimmt nur HTML"),
});

export const companyLogoForm = z.object({
  logo: z.file().describe("PNG, JPEG, GIF oder WebP (kein SVG), höchstens 2 MB"),
});
