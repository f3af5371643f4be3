// The contract clauses in the model pass: the contract texts (Vorbemerkungen and contract
// documents, paragraph by paragraph with document and place) go to the model with the checklist's
// clause types; it answers in the findings shape of the position pass, each finding tied to a
// clause by a quote. Merge rule with the checklist of the rules:
//
// - A quote that is in none of the texts sent, or an unknown clause type, is dropped.
// - The same clause (same type, the rule's quote and the model's overlap) stays one entry: the
//   stricter verdict wins (kritisch > prüfen > üblich); with the model's verdict stricter the entry
//   takes the model's reason and counts as a model finding; on a tie the rule's stays.
// - A type the rules found "nicht geregelt" that the model finds in a clause becomes "geregelt"
//   with the model's verdict; another clause of a type the rules found adds an entry.
import { z } from "zod";
import type { ChecklistEntry, ClauseText, ClauseType } from "../tender/public";

const VERDICT_RANK = { kritisch: 0, prüfen: 1, üblich: 2 } as const;

export const modelClauseSchema = z.object({
  type: z.string().trim().min(1).max(80),
  verdict: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase().replace("pruefen", "prüfen").replace("ueblich", "üblich") : v),
    z.enum(["kritisch", "prüfen", "üblich"]),
  ),
  quote: z.string().trim().min(12).max(1000),
  why: z.string().trim().min(1).max(2000),
});
export type ModelClause = z.infer<typeof modelClauseSchema>;

/** Contract text per request, in characters. */
export const CLAUSE_CHUNK_CHARS = 12_000;
/** At most this much contract text goes to the model for one LV. */
export const CLAUSE_MAX_CHARS = 60_000;

/** The paragraphs as JSON lines, in requests of at most CLAUSE_CHUNK_CHARS. */
export function clauseChunks(texts: ClauseText[]): string[][] {
  const chunks: string[][] = [];
  let current: string[] = [];
  let chars = 0;
  let total = 0;
  for (const t of texts) {
    const line = JSON.stringify({ dokument: t.document, fundstelle: t.location, text: t.text.slice(0, 4000) });
    if (total + line.length > CLAUSE_MAX_CHARS) break;
    if (current.length && chars + line.length > CLAUSE_CHUNK_CHARS) {
      chunks.push(current);
      current = [];
      chars = 0;
    }
    current.push(line);
    chars += line.length;
    total += line.length;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

export function clauseUserMessage(lvName: string, types: ClauseType[], lines: string[]): string {
  return [
    ...(lvName ? [`Leistungsverzeichnis: ${lvName}`] : []),
    "Prüfen Sie die folgenden Vertragsklauseln (Vorbemerkungen und Vertragsunterlagen) wie ein erfahrener Kalkulator und Baujurist.",
    `Antworten Sie nur mit dem JSON-Objekt {"findings": [{"type": "<Klauselart>", "verdict": "kritisch" | "prüfen" | "üblich", "quote": "<wörtliches Zitat der Klausel, 20–200 Zeichen>", "why": "<Begründung als Frage an den Auftraggeber>"}]}.`,
    "Nennen Sie nur Klauseln, die kritisch (in AGB vermutlich unwirksam oder großes unvergütetes Risiko) oder zu prüfen sind; das Zitat muss wörtlich im Text stehen.",
    `Klauselarten: ${types.map((t) => `${t.slug} (${t.name})`).join("; ")}`,
    "Klauseln:",
    `[\n${lines.join(",\n")}\n]`,
  ].join("\n");
}

const norm = (s: string) =>
  s
    .replace(/[„“”"‚‘’]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Where the model's quote stands, or null when it is in none of the texts. */
export function locateQuote(quote: string, texts: ClauseText[]): ClauseText | null {
  const q = norm(quote).replace(/…$/, "");
  return texts.find((t) => norm(t.text).includes(q)) ?? null;
}

const overlaps = (a: string, b: string) => {
  const x = norm(a);
  const y = norm(b);
  return x.includes(y) || y.includes(x);
};

/** The sentence(s) of the paragraph the quote is in: the clause as the checklist quotes it. */
function clauseAround(text: string, quote: string): string {
  const sentences = text.split(/(?<=[.;!?])\s+(?=[A-ZÄÖÜ„(§])/);
  const q = norm(quote);
  const hit = sentences.find((s) => norm(s).includes(q) || q.includes(norm(s)));
  return hit ?? quote;
}

export function mergeModelClauses(
  entries: ChecklistEntry[],
  texts: ClauseText[],
  found: ModelClause[],
  types: ClauseType[],
): { entries: ChecklistEntry[]; added: number; merged: number; dropped: number } {
  const out = entries.map((e) => ({ ...e }));
  let added = 0;
  let merged = 0;
  let dropped = 0;
  for (const m of found) {
    const type = types.find((t) => t.slug === m.type);
    const where = locateQuote(m.quote, texts);
    if (!type || !where) {
      dropped++;
      continue;
    }
    const same = out.find(
      (e) => e.type === m.type && e.status === "geregelt" && e.document === where.document && e.quote && overlaps(e.quote, m.quote),
    );
    if (same) {
      merged++;
      if (VERDICT_RANK[m.verdict] < VERDICT_RANK[same.verdict])
        // The model's verdict and reason replace the wording models' (which read no figures).
        Object.assign(same, { verdict: m.verdict, why: m.why, source: "model" as const, wording: undefined });
      continue;
    }
    const entry: ChecklistEntry = {
      type: type.slug,
      name: type.name,
      group: type.group,
      status: "geregelt",
      verdict: m.verdict,
      why: m.why,
      yardstick: type.yardstick,
      quote: clauseAround(where.text, m.quote),
      document: where.document,
      location: where.location,
      source: "model",
    };
    const gap = out.findIndex((e) => e.type === m.type && e.status === "nicht geregelt");
    if (gap >= 0) out.splice(gap, 1, entry);
    else out.push(entry);
    added++;
  }
  return { entries: out, added, merged, dropped };
}
