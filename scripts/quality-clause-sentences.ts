// Single-clause blind corpus: each clause (YAML: text, type, verdict) is reviewed on its own, as one
// paragraph of a contract document, through the same path as an uploaded tender's clauses.
//   exact    – a problem clause (kritisch/prüfen) gets its type with the same verdict
//   flagged  – a problem clause gets its type flagged at all (kritisch or prüfen)
//   kritisch – kritisch clauses flagged kritisch under their type
//   false alarms – üblich clauses with any kritisch/prüfen entry (any type)
// Usage: npx tsx scripts/quality-clause-sentences.ts <file.yaml> [--verbose] [--rules-only]
//   --rules-only: without the wording model (learned.ts), to see what it adds
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import { reviewClauses, type ClauseSource, type ReviewOptions } from "../src/server/tender/review/clauses/review";

interface Sentence {
  text: string;
  type: string;
  verdict: "kritisch" | "prüfen" | "üblich";
}

export interface SentenceScore {
  problems: number;
  exact: number;
  flagged: number;
  kritisch: number;
  kritischFound: number;
  harmless: number;
  falseAlarms: number;
  /** Problem clauses whose type was not recognised at all (neither flagged nor üblich). */
  typeMissed: number;
  lines: string[];
}

const source = (text: string): ClauseSource => ({
  document: "Besondere Vertragsbedingungen",
  paragraphs: [{ text, page: null, paragraph: 1 }],
});

export function scoreSentences(sentences: Sentence[], options: ReviewOptions = {}): SentenceScore {
  const s: SentenceScore = {
    problems: 0,
    exact: 0,
    flagged: 0,
    kritisch: 0,
    kritischFound: 0,
    harmless: 0,
    falseAlarms: 0,
    typeMissed: 0,
    lines: [],
  };
  for (const c of sentences) {
    const entries = reviewClauses([source(c.text)], undefined, {}, options).entries.filter((e) => e.status === "geregelt");
    const own = entries.filter((e) => e.type === c.type).map((e) => e.verdict);
    const worst = own.includes("kritisch") ? "kritisch" : own.includes("prüfen") ? "prüfen" : own.length ? "üblich" : "–";
    if (c.verdict === "üblich") {
      s.harmless++;
      const alarms = entries.filter((e) => e.verdict !== "üblich");
      if (alarms.length) {
        s.falseAlarms++;
        s.lines.push(`Fehlalarm ${alarms.map((e) => `${e.type} ${e.verdict}`).join(", ")}: ${c.text}`);
      }
      continue;
    }
    s.problems++;
    if (worst === c.verdict) s.exact++;
    if (worst === "–") s.typeMissed++;
    if (worst === "kritisch" || worst === "prüfen") s.flagged++;
    if (c.verdict === "kritisch") {
      s.kritisch++;
      if (worst === "kritisch") s.kritischFound++;
    }
    if (worst !== c.verdict) {
      const others = entries.filter((e) => e.type !== c.type).map((e) => `${e.type} ${e.verdict}`);
      s.lines.push(`${c.type} ${c.verdict} → ${worst}${others.length ? ` (sonst: ${others.join(", ")})` : ""}: ${c.text}`);
    }
  }
  return s;
}

const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;

export function summary(s: SentenceScore): string {
  return (
    `Problemklauseln ${s.problems}: genau ${pct(s.exact, s.problems)}, markiert ${pct(s.flagged, s.problems)}; ` +
    `Typ nicht erkannt ${s.typeMissed}; kritisch als kritisch ${s.kritischFound}/${s.kritisch}; Fehlalarme ${s.falseAlarms}/${s.harmless} übliche Klauseln`
  );
}

if (process.argv[1]?.endsWith("quality-clause-sentences.ts")) {
  const file = process.argv[2];
  if (!file) {
    console.error("Aufruf: npx tsx scripts/quality-clause-sentences.ts <datei.yaml> [--verbose]");
    process.exit(2);
  }
  const score = scoreSentences(
    parse(readFileSync(file, "utf8")) as Sentence[],
    process.argv.includes("--rules-only") ? { model: null } : {},
  );
  if (process.argv.includes("--verbose")) for (const l of score.lines) console.log(l);
  console.log(summary(score));
}
