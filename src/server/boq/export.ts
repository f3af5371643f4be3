// GET /api/projects/:id/boq/export.xlsx – the read LV with its pre-check as an Excel workbook for
// the estimator: sheet "Positionen" (every lot, title and item with quantity, unit, EP, GP, kinds,
// findings and the amount at stake), "Befunde" (every finding) and "LV-Fragen" (the findings about
// the LV as a whole, each with its question to the owner). German number formats, frozen header
// row and an autofilter on every sheet. Written with exceljs' streaming writer (rows committed as
// they are added, native zlib) into one buffer, from the stored analysis – the uploaded file is
// not read again.
//
// Access is the project's (requireUser + loadVisibleProject: another company's project is a 404,
// anonymous a 401). No input file: 404. The LV not read yet (no analysis, or still pending) or
// not readable (failed/unsupported): 409 with the reason – the same answer as the draft evaluation.
import { PassThrough } from "node:stream";
import type ExcelJS from "exceljs";
import { POSITION_BADGES } from "../../common/boq-labels";
import { asc, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { requireUser } from "../auth/guards";
import type { Db } from "../db/client";
import { boqPositions } from "../db/schema";
import type { Finding } from "../tender";
import { conflict, notFound } from "../http/errors";
import { loadVisibleProject } from "../projects/access";
import { contentDisposition } from "../projects/files";
import { questionFor } from "./draft";
import { currentAnalysis, type AnalysisSummary } from "./store";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const QTY_FORMAT = "#,##0.000";
export const EUR_FORMAT = '#,##0.00 "€"';

const NO_LV = "Für dieses Projekt ist kein Leistungsverzeichnis hochgeladen.";
const PENDING = "Das Leistungsverzeichnis wird noch gelesen. Bitte versuchen Sie es in wenigen Sekunden erneut.";
const NOT_READ = "Das Leistungsverzeichnis konnte nicht automatisch gelesen werden; eine Excel-Auswertung ist daher nicht möglich.";

/** German names of the position kinds and flags (the LV tab's badges, plus the node kinds). */
const KIND_LABELS: Record<string, string> = { lot: "Los", title: "Titel", markup: "Zuschlagsposition", ...POSITION_BADGES };
const SEVERITY_LABEL = { risiko: "Risiko", warnung: "Warnung", hinweis: "Hinweis" } as const;

export interface ExportPosition {
  kind: string;
  level: number;
  oz: string | null;
  shortText: string | null;
  qty: number | null;
  unit: string | null;
  unitPrice: number | null;
  total: number | null;
  kinds: string[];
}

/** Starts a spreadsheet would run as a formula once the cell is edited or the sheet saved as CSV. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell: without the characters XML 1.0 does not allow, cut at Excel's 32 767 characters
 * per cell, and with an apostrophe before a formula start (=, +, -, @, tab, CR), so text from an
 * uploaded LV stays text (issue 22, item 10); null (an empty cell) for no text.
 */
export const text = (s: string | null | undefined): string | null => {
  // eslint-disable-next-line no-control-regex
  const clean = (s ?? "").replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "");
  return (FORMULA_START.test(clean) ? `'${clean}` : clean).slice(0, 32_767) || null;
};

interface Column {
  header: string;
  width: number;
  numFmt?: string;
  wrap?: boolean;
}

type Writer = InstanceType<typeof ExcelJS.stream.xlsx.WorkbookWriter>;
type Sheet = ReturnType<Writer["addWorksheet"]>;

/** A sheet with a bold, shaded, frozen header row and an autofilter over its columns. */
function addSheet(wb: Writer, name: string, columns: Column[]): Sheet {
  const ws = wb.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1, xSplit: 0 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    width: c.width,
    style: { ...(c.numFmt ? { numFmt: c.numFmt } : {}), alignment: { vertical: "top", ...(c.wrap ? { wrapText: true } : {}) } },
  }));
  ws.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  const header = ws.getRow(1);
  header.font = { bold: true };
  header.fill = { type: "pattern", pattern: "solid", fgColor: { argb: "FFE5E7EB" } };
  header.alignment = { vertical: "middle", wrapText: true };
  header.commit();
  return ws;
}

const findingOz = (f: Finding) => (f.scope === "lv" ? "LV" : f.oz || "Hinweistext");
const evidence = (f: Finding) => text(f.evidence ?? (f.excerpt ? `„${f.excerpt}“` : ""));
const source = (f: Finding) => (f.source === "model" ? "KI" : "Regel");
/** The OZ an LV-wide finding refers to, or the further ones of a position finding. */
const relatedOz = (f: Finding) => text([...new Set([...(f.scope === "lv" && f.oz ? [f.oz] : []), ...(f.relatedOz ?? [])])].join(", "));
const amount = (f: Finding) => (typeof f.potentialEur === "number" ? f.potentialEur : null);

/** The workbook as bytes. Linear in positions and findings (5 000 positions: well under 2 s). */
export async function buildBoqWorkbook(input: {
  projectName: string;
  positions: ExportPosition[];
  summary: Pick<AnalysisSummary, "findings">;
}): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough();
  stream.on("data", (c: Buffer) => chunks.push(c));
  // Loaded on first export, not at server start (exceljs is large and most instances never export).
  const { default: Excel } = await import("exceljs");
  const wb = new Excel.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  wb.creator = "bauklar";
  wb.title = text(`LV-Auswertung ${input.projectName}`) ?? "";
  const findings = input.summary.findings ?? [];

  const byOz = new Map<string, Finding[]>();
  // Findings by the OZ they name (also an LV-wide one that points at a position, e.g. a doubled OZ).
  for (const f of findings) {
    if (!f.oz) continue;
    const list = byOz.get(f.oz);
    if (list) list.push(f);
    else byOz.set(f.oz, [f]);
  }

  const positions = addSheet(wb, "Positionen", [
    { header: "OZ", width: 14 },
    { header: "Kurztext", width: 55, wrap: true },
    { header: "Menge", width: 13, numFmt: QTY_FORMAT },
    { header: "Einheit", width: 9 },
    { header: "EP", width: 14, numFmt: EUR_FORMAT },
    { header: "GP", width: 16, numFmt: EUR_FORMAT },
    { header: "Positionsarten", width: 28, wrap: true },
    { header: "Befunde", width: 45, wrap: true },
    { header: "Betrag im Risiko", width: 16, numFmt: EUR_FORMAT },
  ]);
  for (const p of input.positions) {
    if (p.kind === "remark") continue;
    const own = p.oz ? (byOz.get(p.oz) ?? []) : [];
    const amounts = own.map(amount).filter((a): a is number => a !== null);
    const row = positions.addRow([
      text(p.oz),
      text(p.shortText),
      p.qty,
      text(p.unit),
      p.unitPrice,
      p.total,
      text(
        p.kinds
          .map((k) => KIND_LABELS[k])
          .filter(Boolean)
          .join(", "),
      ),
      text(own.map((f) => f.title).join("; ")),
      // The position's money counted once: the largest amount of its findings (as in the total).
      amounts.length ? Math.max(...amounts) : null,
    ]);
    if (p.kind === "lot" || p.kind === "title") row.font = { bold: true };
    row.commit();
  }
  positions.commit();

  const findingColumns: Column[] = [
    { header: "OZ", width: 14 },
    { header: "Schwere", width: 10 },
    { header: "Titel", width: 36, wrap: true },
    { header: "Begründung", width: 70, wrap: true },
    { header: "Grundlage", width: 30, wrap: true },
    { header: "Beleg", width: 36, wrap: true },
    { header: "Betrag", width: 16, numFmt: EUR_FORMAT },
    { header: "Quelle", width: 8 },
    { header: "Weitere OZ", width: 20, wrap: true },
    { header: "Für den Betrag fehlt", width: 40, wrap: true },
  ];
  const all = addSheet(wb, "Befunde", findingColumns);
  for (const f of findings) {
    all
      .addRow([
        text(findingOz(f)),
        SEVERITY_LABEL[f.severity],
        text(f.title),
        text(f.why),
        text(f.basis),
        evidence(f),
        amount(f),
        source(f),
        relatedOz(f),
        text(f.priceNeeded),
      ])
      .commit();
  }
  all.commit();

  const questions = addSheet(wb, "LV-Fragen", [
    { header: "Nr.", width: 6 },
    { header: "Frage an den Auftraggeber", width: 60, wrap: true },
    { header: "Befund", width: 36, wrap: true },
    { header: "Schwere", width: 10 },
    { header: "Begründung", width: 60, wrap: true },
    { header: "Grundlage", width: 30, wrap: true },
    { header: "Beleg", width: 36, wrap: true },
    { header: "Betroffene OZ", width: 20, wrap: true },
    { header: "Betrag", width: 16, numFmt: EUR_FORMAT },
    { header: "Quelle", width: 8 },
  ]);
  findings
    .filter((f) => f.scope === "lv")
    .forEach((f, i) => {
      questions
        .addRow([
          i + 1,
          text(questionFor([f])),
          text(f.title),
          SEVERITY_LABEL[f.severity],
          text(f.why),
          text(f.basis),
          evidence(f),
          relatedOz(f),
          amount(f),
          source(f),
        ])
        .commit();
    });
  questions.commit();

  await wb.commit();
  return Buffer.concat(chunks);
}

async function exportPositions(db: Db, analysisId: number): Promise<ExportPosition[]> {
  return db
    .select({
      kind: boqPositions.kind,
      level: boqPositions.level,
      oz: boqPositions.oz,
      shortText: boqPositions.shortText,
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

export const boqExportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get("/api/projects/:id/boq/export.xlsx", { schema: { params: idParam } }, async (req, reply) => {
      const user = requireUser(req);
      const project = await loadVisibleProject(db, user, req.params.id);
      const row = await currentAnalysis(db, project.id);
      if (!row?.inputFileId) throw notFound(NO_LV);
      const a = row.analysis;
      if (!a || a.status === "pending") throw conflict(PENDING);
      if (a.status !== "done" || !a.summary) throw conflict(NOT_READ);
      const data = await buildBoqWorkbook({
        projectName: project.name,
        positions: await exportPositions(db, a.id),
        summary: a.summary as AnalysisSummary,
      });
      return reply
        .header("Content-Type", XLSX_TYPE)
        .header("Content-Length", data.length)
        .header("Content-Disposition", contentDisposition("attachment", `LV-Auswertung-${project.id}.xlsx`))
        .header("Content-Security-Policy", "sandbox; default-src 'none'")
        .header("Cache-Control", "private, no-store")
        .send(data);
    });
  };
