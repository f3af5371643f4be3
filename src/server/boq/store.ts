// Reads a stored input file with the tender reader (in an isolated worker) and saves the result:
// one boq_analyses row per file version (summary as JSON) and its positions as rows, in one
// transaction.
import { and, asc, desc, eq, lt } from "drizzle-orm";
import type { ColumnMapping } from "../../common/schemas/boq";
import type { Db, DbOrTx } from "../db/client";
import { boqAnalyses, boqPositions, companies, projectFiles, projects } from "../db/schema";
import type { BidderAnswer, SectionTotals, SubDescription } from "../tender/public";
import type { BoqNode, TenderAnalysis } from "../tender";
import { decide, priceFindings, type TenderAnalysis as Analysis } from "../tender/public";
import { recordProjectWork } from "../projects/status";
import { retryWhileUnavailable } from "../jobs/queue";
import { addModelFindings, type ModelPassConfig } from "./model-pass";
import { customReferencePrices } from "./reference-prices";
import { readTenderIsolated } from "./reader-pool";
import { readContractDocuments } from "../projects/contract-documents";

/** What the UI and the API call "kinds": the node kind plus every flag that is set. */
export function positionKinds(p: BoqNode): string[] {
  const k: string[] = [p.kind];
  const f = p.flags;
  if (f.provisional) k.push(f.provisional === "WithoutTotal" ? "provisionalWithoutTotal" : "provisionalWithTotal");
  if (f.alternative) k.push(f.alternative.serial >= 1 ? "alternative" : "base");
  if (f.lumpSum) k.push("lumpSum");
  if (f.hourly) k.push("hourly");
  if (f.keyItem) k.push("keyItem");
  if (f.qtyTBD) k.push("qtyTBD");
  if (f.notApplicable) k.push("notApplicable");
  if (f.notOffered) k.push("notOffered");
  if (f.changeOrder) k.push("changeOrder");
  if (p.bidderGaps > 0) k.push("bidderGap");
  return k;
}

/** The `details` column of a stored position. */
export interface StoredDetails {
  flags: BoqNode["flags"];
  bidderGaps: number;
  totalComputed: boolean;
  gaebId: string | null;
  subDescriptions?: SubDescription[];
  bidderAnswers?: BidderAnswer[];
  discountPercent?: number;
  section?: SectionTotals;
}

/** What the LV tab shows beyond the columns: sub-descriptions, bidder answers, discounts. */
export function positionExtras(details: unknown) {
  const d = (details ?? {}) as Partial<StoredDetails>;
  return {
    ...(d.subDescriptions ? { subDescriptions: d.subDescriptions } : {}),
    ...(d.bidderAnswers ? { bidderAnswers: d.bidderAnswers } : {}),
    ...(d.discountPercent ? { discountPercent: d.discountPercent } : {}),
    ...(d.section ? { section: d.section } : {}),
  };
}

export type AnalysisSummary = Omit<TenderAnalysis, "positions" | "status" | "error" | "format" | "phase" | "clauseTexts"> & {
  /** The reader's error code (the message is in the row's error column). */
  errorCode?: string;
};

/** A read position's row as the LV view lists it (stored in boq_positions; the demo ships it as is). */
export function positionColumns(p: BoqNode, seq: number) {
  return {
    seq,
    kind: p.kind,
    level: p.level,
    oz: p.oz || null,
    parentOz: p.parentOz,
    shortText: p.shortText || null,
    longText: p.longText || null,
    qty: p.qty,
    unit: p.unit || null,
    unitPrice: p.unitPrice,
    total: p.total,
    kinds: positionKinds(p),
  };
}

const BATCH = 500;

/** Creates the pending row for a file (idempotent). */
export async function markPending(db: DbOrTx, projectId: number, fileId: number) {
  await db.insert(boqAnalyses).values({ projectId, fileId, status: "pending" }).onConflictDoNothing({ target: boqAnalyses.fileId });
}

/**
 * The LV a price-only X84 (or D84/P84) completes: the newest earlier input version of the project
 * that was read as a GAEB LV of its own (DA XML, GAEB 90 or 2000; not itself prices merged into
 * another file).
 */
async function findBaseLv(db: Db, projectId: number, fileId: number) {
  const earlier = await db
    .select({
      id: projectFiles.id,
      extension: projectFiles.extension,
      status: boqAnalyses.status,
      format: boqAnalyses.format,
      summary: boqAnalyses.summary,
    })
    .from(projectFiles)
    .leftJoin(boqAnalyses, eq(boqAnalyses.fileId, projectFiles.id))
    .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.kind, "input"), lt(projectFiles.id, fileId)))
    .orderBy(desc(projectFiles.id))
    .limit(20);
  const base = earlier.find((f) => {
    const summary = f.summary as AnalysisSummary | null;
    if (f.status === "done") return /^gaeb-(xml|90|2000)$/.test(f.format ?? "") && !summary?.baseFileName && !summary?.priceOnly;
    return f.status === null && /^([xdp]8\d|xml)$/.test(f.extension);
  });
  if (!base) return null;
  const [file] = await db
    .select({ data: projectFiles.data, fileName: projectFiles.fileName })
    .from(projectFiles)
    .where(eq(projectFiles.id, base.id));
  return file ?? null;
}

/** Reads a file in the isolated reader; a price-only X84 is read again with its X83. */
async function readStoredFile(
  db: Db,
  file: { projectId: number; fileName: string; data: Uint8Array },
  fileId: number,
  mapping: ColumnMapping | null,
) {
  // The project's contract documents are read in the same thread; their clauses join the review.
  const contractDocuments = await readContractDocuments(db, file.projectId);
  const result = await readTenderIsolated(file.data, file.fileName, { mapping, contractDocuments });
  if (result.error?.code !== "price_only_without_base") return result;
  const base = await findBaseLv(db, file.projectId, fileId);
  return base ? readTenderIsolated(file.data, file.fileName, { base, contractDocuments }) : result;
}

export interface SaveOptions {
  /**
   * Runs first inside the saving transaction: the job's claim (jobs/queue.ts finishIn). When the
   * claim is gone it throws, and nothing of this reading is written (fencing a stale worker).
   */
  fence?: (tx: Db) => Promise<void>;
  /** How long the save is retried while the database is unreachable (a restart). */
  retryMs?: number;
}

/** Reads a stored file; with `modelPass.llm` set, the model pass adds its findings before saving. */
export async function analyseStoredFile(db: Db, fileId: number, modelPass?: ModelPassConfig, save: SaveOptions = {}): Promise<void> {
  const [file] = await db
    .select({ projectId: projectFiles.projectId, fileName: projectFiles.fileName, data: projectFiles.data, mapping: boqAnalyses.mapping })
    .from(projectFiles)
    .leftJoin(boqAnalyses, eq(boqAnalyses.fileId, projectFiles.id))
    .where(eq(projectFiles.id, fileId));
  if (!file) return; // the project was deleted meanwhile
  const read = await addModelFindings(
    db,
    modelPass,
    file.projectId,
    await readStoredFile(db, file, fileId, (file.mapping as ColumnMapping | null) ?? null),
  );
  const result = await withSavedReferencePrices(db, read);
  // The contract texts were for the model pass only; the checklist quotes what matters.
  const { positions, status, error, format, phase, clauseTexts: _texts, ...rest } = result;
  const summary: AnalysisSummary = error ? { ...rest, errorCode: error.code } : rest;
  await retryWhileUnavailable(
    () =>
      db.transaction(async (tx) => {
        await save.fence?.(tx);
        await markPending(tx, file.projectId, fileId);
        const [analysis] = await tx
          .update(boqAnalyses)
          .set({
            status,
            error: error?.message ?? null,
            format,
            phase: phase === null ? null : String(phase),
            summary,
            updatedAt: new Date(),
          })
          .where(eq(boqAnalyses.fileId, fileId))
          .returning({ id: boqAnalyses.id });
        await tx.delete(boqPositions).where(eq(boqPositions.analysisId, analysis.id));
        for (let i = 0; i < positions.length; i += BATCH) {
          await tx.insert(boqPositions).values(
            positions.slice(i, i + BATCH).map((p, j) => ({
              analysisId: analysis.id,
              ...positionColumns(p, i + j),
              details: {
                flags: p.flags,
                bidderGaps: p.bidderGaps,
                totalComputed: p.totalComputed,
                gaebId: p.id,
                ...(p.subDescriptions?.length ? { subDescriptions: p.subDescriptions } : {}),
                ...(p.bidderAnswers?.length ? { bidderAnswers: p.bidderAnswers } : {}),
                ...(p.discountPercent ? { discountPercent: p.discountPercent } : {}),
                ...(p.section ? { section: p.section } : {}),
              } satisfies StoredDetails,
            })),
          );
        }
      }),
    save.retryMs ?? 0,
  );
  await afterReading(db, file.projectId, status);
}

/**
 * The project's lists show the pre-check's state: its updated_at moves (list caches compare it)
 * and a finished pre-check puts a new project "In Review" (src/server/projects/status.ts).
 */
async function afterReading(db: Db, projectId: number, status: string) {
  if (status === "done" && (await recordProjectWork(db, null, projectId, "precheck_ready"))) return;
  await db.update(projects).set({ updatedAt: new Date() }).where(eq(projects.id, projectId));
}

/** A reading given up after its last attempt: the LV tab says so instead of "wird gelesen" forever. */
export async function markAnalysisFailed(db: Db, projectId: number, fileId: number, message: string) {
  await markPending(db, projectId, fileId);
  await db
    .update(boqAnalyses)
    .set({ status: "failed", error: message, updatedAt: new Date() })
    .where(and(eq(boqAnalyses.fileId, fileId), eq(boqAnalyses.status, "pending")));
}

/**
 * An unpriced LV is estimated with the reference table the super admin saved (the reader threads
 * use the shipped one); the question deadline read from the file stays.
 */
async function withSavedReferencePrices(db: Db, result: Analysis): Promise<Analysis> {
  if (result.status !== "done" || result.money?.risk) return result;
  const reference = await customReferencePrices(db);
  if (!reference) return result;
  const priced = priceFindings(result.findings, result, { reference });
  const decision = { ...decide(priced.findings, priced.money, ""), questionDeadline: result.decision?.questionDeadline ?? null };
  return { ...result, findings: priced.findings, potential: priced.potential, money: priced.money, decision };
}

/** Stores the user's column mapping for a spreadsheet and marks the file for reading again. */
export async function saveMapping(db: Db, fileId: number, mapping: ColumnMapping) {
  await db.update(boqAnalyses).set({ mapping, status: "pending", updatedAt: new Date() }).where(eq(boqAnalyses.fileId, fileId));
}

/** The analysis of the project's current input file, if any. */
export async function currentAnalysis(db: Db, projectId: number) {
  const [row] = await db
    .select({ analysis: boqAnalyses, inputFileId: projects.inputFileId })
    .from(projects)
    .leftJoin(boqAnalyses, and(eq(boqAnalyses.projectId, projects.id), eq(boqAnalyses.fileId, projects.inputFileId)))
    .where(eq(projects.id, projectId))
    .orderBy(desc(boqAnalyses.id))
    .limit(1);
  return row;
}

/** The stored LV's file name ("" when the file row is gone). */
export async function inputFileName(db: Db, fileId: number): Promise<string> {
  const [file] = await db.select({ fileName: projectFiles.fileName }).from(projectFiles).where(eq(projectFiles.id, fileId));
  return file?.fileName ?? "";
}

/** The bidder an X84 names: the project's company. */
export async function bidderCompany(db: Db, companyId: number): Promise<{ name: string; address: string | null } | null> {
  const [company] = await db
    .select({ name: companies.name, address: companies.address })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company ?? null;
}

/** The names the draft evaluation's heading shows: the LV file and the project's company. */
export async function draftEvaluationNames(
  db: Db,
  projectId: number,
  fileId: number,
): Promise<{ fileName: string; companyName: string | null }> {
  const [meta] = await db
    .select({ fileName: projectFiles.fileName, companyName: companies.name })
    .from(projects)
    .innerJoin(projectFiles, eq(projectFiles.id, fileId))
    .leftJoin(companies, eq(companies.id, projects.companyId))
    .where(eq(projects.id, projectId));
  return { fileName: meta?.fileName ?? "", companyName: meta?.companyName ?? null };
}

/** The stored positions of one reading in LV order, with their raw `details` (one query for the
 *  LV tab and the exports). */
export function storedPositionRows(db: Db, analysisId: number) {
  return db
    .select({
      seq: boqPositions.seq,
      kind: boqPositions.kind,
      level: boqPositions.level,
      oz: boqPositions.oz,
      parentOz: boqPositions.parentOz,
      shortText: boqPositions.shortText,
      longText: boqPositions.longText,
      qty: boqPositions.qty,
      unit: boqPositions.unit,
      unitPrice: boqPositions.unitPrice,
      total: boqPositions.total,
      kinds: boqPositions.kinds,
      details: boqPositions.details,
    })
    .from(boqPositions)
    .where(eq(boqPositions.analysisId, analysisId))
    .orderBy(asc(boqPositions.seq));
}

export async function analysisPositions(db: Db, analysisId: number) {
  const rows = await storedPositionRows(db, analysisId);
  return rows.map(({ details, ...row }) => ({ ...row, ...positionExtras(details) }));
}
