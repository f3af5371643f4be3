// GET /api/projects/:id/boq/export.x83 and .x84 – the read LV as GAEB DA XML 3.3 (gaeb-export.ts).
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
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParam } from "../../common/schemas/common";
import type { AppDeps } from "../app";
import { fileResponse } from "../api-docs/multipart";
import { requireUser } from "../auth/guards";
import type { Db } from "../db/client";
import type { Finding } from "../tender";
import { conflict, notFound } from "../http/errors";
import { loadVisibleProject } from "../projects/access";
import { contentDisposition } from "../projects/files";
import { decide } from "../tender/public";
import { ownerQuestions, questionFor } from "./draft";
import { buildGaebXml, type GaebExportNode } from "./gaeb-export";
import { customerSummary } from "../findings/reviewed";
import { bidderCompany, currentAnalysis, positionExtras, storedPositionRows, type AnalysisSummary, type StoredDetails } from "./store";

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
export const QTY_FORMAT = "#,##0.000";
export const EUR_FORMAT = '#,##0.00 "€"';

const NO_LV = "Für dieses Projekt ist kein Leistungsverzeichnis hochgeladen.";
const PENDING = "Das Leistungsverzeichnis wird noch gelesen. Bitte versuchen Sie es in wenigen Sekunden erneut.";
const NOT_READ = "Das Leistungsverzeichnis konnte nicht automatisch gelesen werden; eine Excel-Auswertung ist daher nicht möglich.";
const NOT_READ_GAEB = "Das Leistungsverzeichnis konnte nicht automatisch gelesen werden; eine GAEB-Datei ist daher nicht möglich.";
const GAEB_TYPE = "application/xml; charset=utf-8";

/** German names of the position kinds and flags (the LV tab's badges, plus the node kinds). */
const KIND_LABELS: Record<string, string> = { lot: "Los", title: "Titel", markup: "Zuschlagsposition", ...POSITION_BADGES };
const SEVERITY_LABEL = { risiko: "Kritisch", warnung: "Warnung", hinweis: "Hinweis" } as const;

export interface ExportPosition {
  kind: string;
  level: number;
  oz: string | null;
  shortText: string | null;
  longText?: string | null;
  qty: number | null;
  unit: string | null;
  unitPrice: number | null;
  total: number | null;
  kinds: string[];
  /** Unterbeschreibungen, written as rows "<OZ>/<no>" below their item. */
  subDescriptions?: { no: string; shortText: string; qty: number | null; unit: string }[];
  /** A lot/title's discount, surcharge or lump sum; its GP is the amount after it. */
  section?: { discountPercent: number | null; discountAmount: number | null; lumpSum: number | null; subtotal: number | null };
}

const de = (n: number, digits = 2) => n.toLocaleString("de-DE", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** "Nachlass 3,5 % auf 3.034,50 €", "Zuschlag 2,5 % …", "Nachlass 489,41 € …", "Pauschalsumme statt 5.000,00 €". */
export function sectionNote(s: NonNullable<ExportPosition["section"]>): string | null {
  const on = s.subtotal === null ? "" : ` auf ${de(s.subtotal)} €`;
  if (s.lumpSum !== null) return `Pauschalsumme${s.subtotal === null ? "" : ` statt ${de(s.subtotal)} €`}`;
  if (s.discountAmount !== null) return `Nachlass ${de(s.discountAmount)} €${on}`;
  if (s.discountPercent !== null) {
    const pct = de(Math.abs(s.discountPercent), Number.isInteger(s.discountPercent) ? 0 : 2).replace(/,?0+$/, "");
    return `${s.discountPercent < 0 ? "Zuschlag" : "Nachlass"} ${pct} %${on}`;
  }
  return null;
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
const EFFECT_LABEL = { risiko: "Risiko", chance: "Chance", offen: "offen" } as const;

/** The summary a Geschäftsführer acts on, as in the draft evaluation: decision, money, questions. */
function summarySheet(
  wb: Writer,
  s: Pick<AnalysisSummary, "findings"> & Partial<Pick<AnalysisSummary, "money" | "decision" | "totals" | "potential">>,
) {
  const sheet = addSheet(wb, "Zusammenfassung", [
    { header: "Angabe", width: 40, wrap: true },
    { header: "Wert", width: 90, wrap: true },
    { header: "Betrag", width: 18, numFmt: EUR_FORMAT },
    { header: "Betrag bis", width: 18, numFmt: EUR_FORMAT },
  ]);
  const row = (label: string, value: string | null, eur: number | null = null, eurHigh: number | null = null) =>
    sheet.addRow([label, text(value), eur, eurHigh]).commit();
  const findings = s.findings ?? [];
  const money = s.money ?? null;
  const decision = s.decision ?? decide(findings, money ?? { risk: null, chance: null, lvTotal: null, estimate: null }, "");
  const estimate = money?.estimate ?? null;
  row("Empfehlung", decision.verdict);
  decision.reasons.forEach((r, i) => row(`Grund ${i + 1}`, r));
  const total = s.totals?.total ?? null;
  if (total !== null) row("Angebotssumme (LV, netto)", null, total);
  if (estimate)
    row(
      "Geschätzte Angebotssumme – Schätzung (Richtwert)",
      `${estimate.pricedPositions} von ${estimate.positions} Positionen; ${estimate.priceLevel}`,
      estimate.lvTotal.low,
      estimate.lvTotal.high,
    );
  const risk = money?.risk ?? (s.potential ? { eur: s.potential.totalEur } : null);
  if (risk) row("Risiko (möglicher Verlust)", "jede Position einmal gezählt; nicht mit der Chance verrechnet", risk.eur);
  else if (estimate) row("Risiko (möglicher Verlust) – Schätzung (Richtwert)", null, estimate.risk.low, estimate.risk.high);
  if (money?.chance) row("Chance (Nachtragspotenzial)", "nicht mit dem Risiko verrechnet", money.chance.eur);
  else if (estimate) row("Chance (Nachtragspotenzial) – Schätzung (Richtwert)", null, estimate.chance.low, estimate.chance.high);
  row("Vorgeschlagener Wagniszuschlag", `${decision.surcharge.percent.toLocaleString("de-DE")} % – ${decision.surcharge.basis}`);
  row("Frist für Bieterfragen", decision.questionDeadline ?? "in der Datei nicht genannt");
  ownerQuestions(findings).forEach((q, i) => row(`Bieterfrage ${i + 1}`, q));
  sheet.commit();
}

export async function buildBoqWorkbook(input: {
  projectName: string;
  positions: ExportPosition[];
  summary: Pick<AnalysisSummary, "findings"> & Partial<Pick<AnalysisSummary, "money" | "decision" | "totals" | "potential">>;
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
    { header: "Chance", width: 16, numFmt: EUR_FORMAT },
    { header: "Schätzung (Richtwert) von", width: 16, numFmt: EUR_FORMAT },
    { header: "Schätzung (Richtwert) bis", width: 16, numFmt: EUR_FORMAT },
    { header: "Fragen zur Position", width: 60, wrap: true },
    { header: "Langtext", width: 80, wrap: true },
  ]);
  for (const p of input.positions) {
    if (p.kind === "remark") continue;
    const own = p.oz ? (byOz.get(p.oz) ?? []) : [];
    const amounts = own
      .filter((f) => f.effect !== "chance" && f.effect !== "offen")
      .map(amount)
      .filter((a): a is number => a !== null);
    const chances = own
      .filter((f) => f.effect === "chance")
      .map(amount)
      .filter((a): a is number => a !== null);
    const estimates = own.map((f) => f.potentialEurEstimate).filter((e): e is { low: number; high: number } => !!e);
    const asked = [...new Set(own.filter((f) => f.severity !== "hinweis").map((f) => questionFor([f])))];
    const row = positions.addRow([
      text(p.oz),
      text(p.shortText),
      p.qty,
      text(p.unit),
      p.unitPrice,
      p.total,
      text([...p.kinds.map((k) => KIND_LABELS[k]), p.section ? sectionNote(p.section) : null].filter(Boolean).join(", ")),
      text(own.map((f) => f.title).join("; ")),
      // The position's money counted once: the largest amount of its findings (as in the total).
      amounts.length ? Math.max(...amounts) : null,
      chances.length ? Math.max(...chances) : null,
      estimates.length ? Math.max(...estimates.map((e) => e.low)) : null,
      estimates.length ? Math.max(...estimates.map((e) => e.high)) : null,
      text(asked.join("\n")),
      text(p.longText),
    ]);
    if (p.kind === "lot" || p.kind === "title") row.font = { bold: true };
    row.commit();
    for (const sub of p.subDescriptions ?? []) {
      positions
        .addRow([
          text(`${p.oz ?? ""}/${sub.no}`),
          text(sub.shortText),
          sub.qty || null,
          text(sub.unit === "----" ? "" : sub.unit),
          null,
          null,
          "Unterbeschreibung",
          null,
          null,
        ])
        .commit();
    }
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
    { header: "Art", width: 10 },
    { header: "Schätzung (Richtwert) von", width: 16, numFmt: EUR_FORMAT },
    { header: "Schätzung (Richtwert) bis", width: 16, numFmt: EUR_FORMAT },
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
        f.effect ? EFFECT_LABEL[f.effect] : null,
        f.potentialEurEstimate?.low ?? null,
        f.potentialEurEstimate?.high ?? null,
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

  summarySheet(wb, input.summary);

  await wb.commit();
  return Buffer.concat(chunks);
}

async function exportPositions(db: Db, analysisId: number): Promise<ExportPosition[]> {
  const rows = await storedPositionRows(db, analysisId);
  return rows.map(({ details, seq: _seq, parentOz: _parentOz, ...row }) => {
    const { subDescriptions, section } = positionExtras(details);
    return { ...row, ...(subDescriptions ? { subDescriptions } : {}), ...(section ? { section } : {}) };
  });
}

/** The stored positions with what the GAEB export needs of their details. */
async function gaebPositions(db: Db, analysisId: number): Promise<GaebExportNode[]> {
  const rows = await storedPositionRows(db, analysisId);
  return rows.map(({ details, seq: _seq, kinds: _kinds, ...row }) => ({
    ...row,
    flags: (details as StoredDetails | null)?.flags ?? null,
    ...positionExtras(details),
  }));
}

export const boqExportRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    // The LV as GAEB DA XML 3.3: X83 without prices, X84 with the prices the LV carries.
    for (const phase of [83, 84] as const) {
      app.get(`/api/projects/:id/boq/export.x${phase}`, { schema: { params: idParam, ...fileResponse(GAEB_TYPE) } }, async (req, reply) => {
        const user = requireUser(req);
        const project = await loadVisibleProject(db, user, req.params.id);
        const row = await currentAnalysis(db, project.id);
        if (!row?.inputFileId) throw notFound(NO_LV);
        const a = row.analysis;
        if (!a || a.status === "pending") throw conflict(PENDING);
        if (a.status !== "done" || !a.summary) throw conflict(NOT_READ_GAEB);
        const summary = a.summary as AnalysisSummary;
        // The bidder of the X84 is the project's company (a demo project may have none).
        const company = project.companyId === null ? null : await bidderCompany(db, project.companyId);
        const xml = buildGaebXml({
          phase,
          projectName: summary.projectName || project.name,
          boqName: summary.boqName || project.name,
          currency: summary.currency || "EUR",
          companyName: company?.name ?? "",
          companyAddress: company?.address ?? null,
          positions: await gaebPositions(db, a.id),
          lvDiscount: summary.totals?.discount ?? null,
          total: summary.totals?.total ?? null,
        });
        const data = Buffer.from(xml, "utf8");
        return reply
          .header("Content-Type", GAEB_TYPE)
          .header("Content-Length", data.length)
          .header("Content-Disposition", contentDisposition("attachment", `LV-${project.id}.x${phase}`))
          .header("Content-Security-Policy", "sandbox; default-src 'none'")
          .header("Cache-Control", "private, no-store")
          .send(data);
      });
    }

    app.get("/api/projects/:id/boq/export.xlsx", { schema: { params: idParam, ...fileResponse(XLSX_TYPE) } }, async (req, reply) => {
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
        summary: await customerSummary(db, project.id, a.summary as AnalysisSummary),
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
