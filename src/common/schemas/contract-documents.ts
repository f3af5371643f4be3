// Contract documents beside the LV (issue 23): the formats, messages and the list entry shared by
// the server's routes and the project screen.
import { z } from "zod";

export const CONTRACT_DOCUMENT_EXTENSIONS = ["pdf", "docx", "txt"] as const;

/** Whether a file name has one of the contract document formats. */
export const isContractDocumentName = (name: string) => /\.(pdf|docx|txt)$/i.test(name.trim());

/** At most this many current contract documents per project. */
export const MAX_CONTRACT_DOCUMENTS = 20;

export const CONTRACT_DOCUMENT_MESSAGES = {
  wrongFormat: "Vertragsunterlagen bitte als PDF, DOCX oder TXT hochladen",
  uploaded: "Vertragsunterlage wurde hochgeladen",
  removed: "Vertragsunterlage wurde entfernt",
  notFound: "Vertragsunterlage nicht gefunden",
  tooMany: `Höchstens ${MAX_CONTRACT_DOCUMENTS} Vertragsunterlagen je Projekt`,
} as const;

export const contractDocumentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  extension: z.enum(CONTRACT_DOCUMENT_EXTENSIONS),
  size: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: z.string().nullable(),
});
export type ContractDocumentDto = z.infer<typeof contractDocumentSchema>;

export const contractDocumentListSchema = z.array(contractDocumentSchema);
export const contractDocumentUploadSchema = z.object({
  message: z.string(),
  documentId: z.number().int(),
  documents: contractDocumentListSchema,
});
export const contractDocumentRemoveSchema = z.object({
  message: z.string(),
  documents: contractDocumentListSchema,
  count: z.number().int(),
});

export const contractDocumentParams = z.object({
  id: z.coerce.number().int().positive(),
  documentId: z.coerce.number().int().positive(),
});

export const CLAUSE_VERDICTS = ["kritisch", "prüfen", "üblich"] as const;
export type ClauseVerdict = (typeof CLAUSE_VERDICTS)[number];

/** One entry of the clause checklist (GET /api/projects/:id/boq → checklist). */
export const checklistEntrySchema = z.object({
  /** Slug of the checklist file knowledge/klauseln/<type>.md. */
  type: z.string(),
  name: z.string(),
  /** Termine, Sicherheiten, Zahlung, Vergütung und Nachträge, Risiken, Abnahme und Mängel, Organisation, Recht. */
  group: z.string(),
  status: z.enum(["geregelt", "nicht geregelt"]),
  verdict: z.enum(CLAUSE_VERDICTS),
  why: z.string(),
  yardstick: z.string(),
  /** The clause as written (geregelt only). */
  quote: z.string().optional(),
  /** "Vorbemerkungen" or the contract document's file name. */
  document: z.string().optional(),
  /** "Seite 2, Absatz 3" or "Absatz 5". */
  location: z.string().optional(),
  /** The figures read from the clause, e.g. "0,3 % je Werktag; Obergrenze 5 %". */
  figures: z.string().optional(),
  /** Who judged: the checklist's rules or the language model. */
  source: z.enum(["rule", "model"]),
  /** Raised by the wording model (no rule of the type holds): no figure is read for it, no amount put on it. */
  wording: z.boolean().optional(),
});
export type ChecklistEntryDto = z.infer<typeof checklistEntrySchema>;
