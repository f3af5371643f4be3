// The reference price table for unpriced LVs (Richtwerte, von–bis netto) and the construction
// price index that scales it – edited by the super admin in the chatbot database screen, tab
// "Richtwerte LV". The same schema checks the form and the route.
import { z } from "zod";

const QUARTER = /^\d{4}-Q[1-4]$/;
const quarter = z.string().trim().regex(QUARTER, "Quartal im Format JJJJ-Qn, z. B. 2025-Q2");

export const referencePriceRowSchema = z
  .object({
    atv: z.string().trim().min(1, "ATV fehlt").max(60),
    trade: z.string().trim().min(1, "Gewerk fehlt").max(120),
    keywords: z.array(z.string().trim().toLowerCase().min(2).max(60)).min(1, "mindestens ein Stichwort").max(30),
    unit: z.string().trim().toLowerCase().min(1, "Einheit fehlt").max(10),
    low: z.number().min(0, "Preis darf nicht negativ sein").max(10_000_000),
    high: z.number().min(0).max(10_000_000),
  })
  .refine((r) => r.high >= r.low, { message: "„bis“ muss mindestens „von“ sein", path: ["high"] });

export const referencePriceTableSchema = z
  .object({
    stand: quarter,
    source: z.string().trim().min(3, "Quelle fehlt").max(500),
    rows: z.array(referencePriceRowSchema).min(1, "mindestens eine Zeile").max(1000),
    index: z.object({
      name: z.string().trim().min(1).max(200),
      source: z.string().trim().min(1).max(500),
      base: z.string().trim().min(1).max(60),
      points: z.array(z.object({ quarter, value: z.number().positive("Indexwert muss größer 0 sein").max(10_000) })).max(400),
    }),
  })
  .strict();

export type ReferencePriceTableInput = z.input<typeof referencePriceTableSchema>;
export type ReferencePriceTableDto = z.output<typeof referencePriceTableSchema>;

/** GET/PUT/DELETE /api/reference-prices: the table in use and who saved it. */
export const referencePricesResponseSchema = z.object({
  table: referencePriceTableSchema,
  /** true while no table is saved: the shipped one is in use. */
  isDefault: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type ReferencePricesResponse = z.infer<typeof referencePricesResponseSchema>;

// ── The editor's text form: one row per line, fields separated by ";" ──────────────────────────

const num = (s: string) => Number(s.trim().replace(/\./g, "").replace(",", "."));

/** "DIN 18331; Beton; bodenplatte, sohle; m3; 170; 280" per line. */
export function rowsToLines(rows: ReferencePriceTableDto["rows"]): string {
  const de = (n: number) => n.toLocaleString("de-DE", { maximumFractionDigits: 2, useGrouping: false });
  return rows.map((r) => [r.atv, r.trade, r.keywords.join(", "), r.unit, de(r.low), de(r.high)].join("; ")).join("\n");
}

/** The lines back into rows; a line that does not have six fields is reported by its number. */
export function linesToRows(text: string): { rows: ReferencePriceTableInput["rows"]; errors: string[] } {
  const rows: ReferencePriceTableInput["rows"] = [];
  const errors: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const f = line.split(";").map((s) => s.trim());
    if (f.length !== 6 || !Number.isFinite(num(f[4])) || !Number.isFinite(num(f[5]))) {
      errors.push(`Zeile ${i + 1}: erwartet „ATV; Gewerk; Stichwörter; Einheit; von; bis“`);
      return;
    }
    rows.push({
      atv: f[0],
      trade: f[1],
      keywords: f[2]
        .split(/,\s+/)
        .map((k) => k.trim())
        .filter(Boolean),
      unit: f[3],
      low: num(f[4]),
      high: num(f[5]),
    });
  });
  return { rows, errors };
}

/** "2025-Q2; 131,5" per line. */
export const pointsToLines = (points: ReferencePriceTableDto["index"]["points"]) =>
  points.map((p) => `${p.quarter}; ${p.value.toLocaleString("de-DE", { maximumFractionDigits: 2, useGrouping: false })}`).join("\n");

export function linesToPoints(text: string): { points: ReferencePriceTableInput["index"]["points"]; errors: string[] } {
  const points: ReferencePriceTableInput["index"]["points"] = [];
  const errors: string[] = [];
  text.split("\n").forEach((line, i) => {
    if (!line.trim()) return;
    const f = line.split(";").map((s) => s.trim());
    if (f.length !== 2 || !Number.isFinite(num(f[1]))) {
      errors.push(`Indexzeile ${i + 1}: erwartet „JJJJ-Qn; Wert“`);
      return;
    }
    points.push({ quarter: f[0], value: num(f[1]) });
  });
  return { points, errors };
}
