// Project rules of spec/01 section 5, shared by the create/edit forms and the API.
import { z } from "zod";
import { PROJECT_STATUS_VALUES } from "../project-status";

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
  /** DESIGN.md: a company admin without a company sees no tenant data and cannot create. */
  noCompany: "Ihrem Konto muss zuerst ein Unternehmen zugewiesen werden, bevor Sie Projekte erstellen können. Bitte kontaktieren Sie den Support.",
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

/** Ids of upload routes: an invalid one gets the upload message of spec/01 section 5. */
export const uploadIdParam = z.object({
  id: z.coerce.number({ error: PROJECT_MESSAGES.uploadMissing }).int(PROJECT_MESSAGES.uploadMissing).positive(PROJECT_MESSAGES.uploadMissing).max(2_147_483_647, PROJECT_MESSAGES.uploadMissing),
});

/** The evaluation upload takes HTML files only. */
export const HTML_EXTENSIONS = ["html", "htm"] as const;
export const isHtmlFileName = (name: string) => /\.html?$/i.test(name);

/** Sort keys of the paged project lists; a leading "-" sorts descending. */
export const PROJECT_SORT_VALUES = ["createdAt", "-createdAt", "name", "-name"] as const;
export type ProjectSort = (typeof PROJECT_SORT_VALUES)[number];
/** A page's size when only q, offset or sort is given. */
export const PROJECT_PAGE_DEFAULT = 50;
export const PROJECT_PAGE_MAX = 200;

/**
 * Query of GET /api/projects and GET /api/companies/:companyId/projects. Without any of these
 * (an empty q counts as none) the whole list is returned as before; with any of them one page:
 * `limit` rows (default 50) from `offset`, filtered by `q` (case-insensitive, on name, costCenter
 * and contactPerson as the list's search box of spec/01 section 4), ordered by `sort`
 * (default -createdAt). X-Total-Count carries the number of matching projects.
 */
export const projectListQuery = z.object({
  limit: z.coerce
    .number({ error: "limit muss eine Zahl zwischen 1 und 200 sein" })
    .int("limit muss eine Zahl zwischen 1 und 200 sein")
    .min(1, "limit muss eine Zahl zwischen 1 und 200 sein")
    .max(PROJECT_PAGE_MAX, "limit muss eine Zahl zwischen 1 und 200 sein")
    .optional(),
  offset: z.coerce
    .number({ error: "offset muss eine ganze Zahl ab 0 sein" })
    .int("offset muss eine ganze Zahl ab 0 sein")
    .min(0, "offset muss eine ganze Zahl ab 0 sein")
    .max(2_147_483_647, "offset muss eine ganze Zahl ab 0 sein")
    .optional(),
  q: z
    .string({ error: "Ungültiger Suchbegriff" })
    .max(200, "Der Suchbegriff darf höchstens 200 Zeichen lang sein")
    .transform((v) => v.trim())
    .optional(),
  sort: z.enum(PROJECT_SORT_VALUES, { error: `sort muss einer der Werte ${PROJECT_SORT_VALUES.join(", ")} sein` }).optional(),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;

/** True when the query asks for a page (any parameter set) rather than the whole list. */
export const isPagedProjectQuery = (q: ProjectListQuery) => q.limit !== undefined || q.offset !== undefined || !!q.q || q.sort !== undefined;
