// Project rules of requirements 1.5, shared by the create/edit forms and the API.
import { z } from "zod";
import { PROJECT_STATUS_VALUES } from "../project-status";
import { isPagedQuery, LIST_PAGE_DEFAULT, LIST_PAGE_MAX, listQuery, sortValues } from "./list-query";

export const PROJECT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const PROJECT_MESSAGES = {
  nameRequired: "Projektname ist erforderlich",
  createEmail: "Gültige E-Mail-Adresse erforderlich",
  fileRequired: "Eine Datei ist erforderlich",
  fileTooLarge: "Dateigröße darf 10MB nicht überschreiten",
  nameMin: "Der Projektname muss mindestens 3 Zeichen lang sein",
  editEmail: "Bitte geben Sie eine gültige E-Mail-Adresse ein",
  uploadMissing: "Keine Datei ausgewählt oder ungültige Projekt-ID",
  wrongFormat: "Falsches Dateiformat",
  notFound: "Projekt nicht gefunden",
  noEvaluation: "Keine Auswertung verfügbar",
  demoReadOnly: "Das Demo-Projekt kann nur angesehen werden.",
  statusSuperAdminOnly: "Nur Systemadministratoren können den Status ändern.",
  /** docs/architecture.md: a company admin without a company sees no tenant data and cannot create. */
  noCompany:
    "Ihrem Konto muss zuerst ein Unternehmen zugewiesen werden, bevor Sie Projekte erstellen können. Bitte kontaktieren Sie den Support.",
  companyNotFound: "Unternehmen nicht gefunden",
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Höchstens ${max} Zeichen`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An e-mail address that may be left empty (→ null). */
const optionalEmail = (message: string) =>
  z
    .string()
    .trim()
    .max(254, message)
    .refine((v) => v === "" || z.email().safeParse(v).success, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** The text fields of the create dialog and of POST /api/projects (multipart fields). */
export const projectCreateSchema = z.object({
  name: z.string({ error: PROJECT_MESSAGES.nameRequired }).trim().min(1, PROJECT_MESSAGES.nameRequired).max(200, "Höchstens 200 Zeichen"),
  costCenter: optionalText(100),
  contactPerson: optionalText(200),
  contactEmail: optionalEmail(PROJECT_MESSAGES.createEmail),
  description: optionalText(5000),
});
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;

/** Multipart companyId: empty means none; otherwise a positive id. */
export const companyIdField = z
  .union([z.literal(""), z.coerce.number().int().positive().max(2_147_483_647)], { error: "Ungültiges Unternehmen" })
  .nullish()
  .transform((v) => (typeof v === "number" ? v : null));

/** PUT /api/projects/:id and the edit mode of the detail page. */
export const projectUpdateSchema = z.object({
  name: z.string().trim().min(3, PROJECT_MESSAGES.nameMin).max(200, "Höchstens 200 Zeichen").optional(),
  costCenter: optionalText(100).optional(),
  contactPerson: optionalText(200).optional(),
  contactEmail: optionalEmail(PROJECT_MESSAGES.editEmail).optional(),
  description: optionalText(5000).optional(),
  /** Only super admins may change it (checked by the server). */
  status: z.enum(PROJECT_STATUS_VALUES as [string, ...string[]], { error: "Ungültiger Status" }).optional(),
});
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

/** Ids of upload routes: an invalid one gets the upload message of requirements 1.5. */
export const uploadIdParam = z.object({
  id: z.coerce
    .number({ error: PROJECT_MESSAGES.uploadMissing })
    .int(PROJECT_MESSAGES.uploadMissing)
    .positive(PROJECT_MESSAGES.uploadMissing)
    .max(2_147_483_647, PROJECT_MESSAGES.uploadMissing),
});

/** The evaluation upload takes HTML files only. */
export const HTML_EXTENSIONS = ["html", "htm"] as const;
export const isHtmlFileName = (name: string) => /\.html?$/i.test(name);

/** Sort keys of the paged project lists; a leading "-" sorts descending. */
export const PROJECT_SORT_VALUES = sortValues(["createdAt", "name"] as const);
export type ProjectSort = (typeof PROJECT_SORT_VALUES)[number];
/** A page's size when only q, offset or sort is given. */
export const PROJECT_PAGE_DEFAULT = LIST_PAGE_DEFAULT;
export const PROJECT_PAGE_MAX = LIST_PAGE_MAX;

/**
 * Query of GET /api/projects and GET /api/companies/:companyId/projects (the shared list query):
 * without any parameter the whole list as before; with any, one page filtered by `q`
 * (case-insensitive, on name, costCenter and contactPerson as the list's search box of requirements part 1
 * section 4), ordered by `sort` (default -createdAt). X-Total-Count carries the number of matches.
 */
export const projectListQuery = listQuery(["createdAt", "name"] as const).extend({
  // The orders page (requirements part 2) shows description, creator and company too, and its search finds them.
  view: z.enum(["orders"], { error: "view muss orders sein" }).optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;

/** True when the query asks for a page (any parameter set) rather than the whole list. */
export const isPagedProjectQuery = (q: ProjectListQuery) => isPagedQuery(q);
