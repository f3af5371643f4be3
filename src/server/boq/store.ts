// Reads a stored input file with the tender reader and saves the result: one boq_analyses row
// per file version (summary as JSON) and its positions as rows, in one transaction.
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { boqAnalyses, boqPositions, projectFiles, projects } from "../db/schema";
import { analyseTender, type BoqNode, type TenderAnalysis } from "../gaeb";

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

export type AnalysisSummary = Omit<TenderAnalysis, "positions" | "status" | "error" | "format" | "phase">;

const BATCH = 500;

/** Creates the pending row for a file (idempotent). */
export async function markPending(db: Db, projectId: number, fileId: number) {
  await db.insert(boqAnalyses).values({ projectId, fileId, status: "pending" }).onConflictDoNothing({ target: boqAnalyses.fileId });
}

export async function analyseStoredFile(db: Db, fileId: number): Promise<void> {
  const [file] = await db
    .select({ projectId: projectFiles.projectId, fileName: projectFiles.fileName, data: projectFiles.data })
    .from(projectFiles)
    .where(eq(projectFiles.id, fileId));
  if (!file) return; // the project was deleted meanwhile
  const result = await analyseTender(file.data, file.fileName);
  const { positions, status, error, format, phase, ...summary } = result;
  await db.transaction(async (tx) => {
    await markPending(tx as unknown as Db, file.projectId, fileId);
    const [analysis] = await tx
      .update(boqAnalyses)
      .set({ status, error: error?.message ?? null, format, phase: phase === null ? null : String(phase), summary, updatedAt: new Date() })
      .where(eq(boqAnalyses.fileId, fileId))
      .returning({ id: boqAnalyses.id });
    await tx.delete(boqPositions).where(eq(boqPositions.analysisId, analysis.id));
    for (let i = 0; i < positions.length; i += BATCH) {
      await tx.insert(boqPositions).values(
        positions.slice(i, i + BATCH).map((p, j) => ({
          analysisId: analysis.id,
          seq: i + j,
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
          details: { flags: p.flags, bidderGaps: p.bidderGaps, totalComputed: p.totalComputed, gaebId: p.id },
        })),
      );
    }
  });
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

export async function analysisPositions(db: Db, analysisId: number) {
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
    })
    .from(boqPositions)
    .where(eq(boqPositions.analysisId, analysisId))
    .orderBy(asc(boqPositions.seq));
}
