// Blind measurement of quantities and money (issue 24) on a folder of blind tenders
// (<id>.lv.json + <id>.truth.json, format tests/quality/blind/TENDER-FORMAT.md):
//
//   npx tsx scripts/quality-money.ts tests/quality/blind/tune [--verbose]
//
// Each LV is turned into its GAEB file (lv-to-files.ts) and analysed like an upload
// (analyseTender). Reported: quantity recall (a planted quantity error counts when a quantity
// finding sits on its OZ), false alarms per 100 positions (quantity findings on positions that are
// neither a planted quantity error nor another planted problem, and any finding on a passage the
// truth calls harmless), the share of the bid sum counted as risk (unpriced LVs: of the estimated
// sum), whether an unpriced LV has estimated amounts, and the Go/No-Go against the truth.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { analyseTender, type Finding, type TenderAnalysis } from "../src/server/tender";
import { lvToGaebXml, type BlindLv } from "../tests/quality/blind/lv-to-files";

export interface BlindTruth {
  id: string;
  quantityErrors: { oz: string; stated: string; unit: string; expected: string; basis: string }[];
  otherProblems: { oz: string | null; kind: string; why: string }[];
  harmless: { oz: string | null; quote: string; why: string }[];
  risk: { expectedRiskShareMax: number; note: string };
  goNoGo: "Go" | "Go mit Auflagen" | "No-Go";
}

export interface LvScore {
  id: string;
  priced: boolean;
  positions: number;
  planted: number;
  found: string[];
  missed: string[];
  falseAlarms: { oz: string | null; ruleId: string; text: string; harmless?: string }[];
  riskShare: number | null;
  riskShareMax: number;
  estimated: boolean;
  verdict: string | null;
  truthVerdict: string;
  analysis: TenderAnalysis;
}

const QUANTITY_CATEGORIES = new Set(["menge"]);
const isQuantity = (f: Finding) => QUANTITY_CATEGORIES.has(f.category);
const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();

/** Characters in a row that make two passages the same one – as in the clause evaluation
 *  (evaluate-blind.ts); shorter runs match across sentences ("der Ausführungs|fristen|klasse"). */
const OVERLAP = 30;

/** A finding quotes a harmless passage when its excerpt and the quote overlap. */
function quotes(f: Finding, quote: string): boolean {
  const excerpt = norm(f.excerpt ?? "");
  const q = norm(quote);
  if (!excerpt) return false;
  if (excerpt.includes(q) || q.includes(excerpt)) return true;
  for (let i = 0; i + OVERLAP <= q.length; i++) if (excerpt.includes(q.slice(i, i + OVERLAP))) return true;
  return false;
}

export async function scoreLv(lv: BlindLv, truth: BlindTruth): Promise<LvScore> {
  const file = lvToGaebXml(lv);
  const analysis = await analyseTender(file.data, file.name);
  if (analysis.status !== "done") throw new Error(`${lv.id}: ${analysis.error?.message ?? analysis.status}`);
  const planted = new Set(truth.quantityErrors.map((q) => q.oz));
  const problems = new Set([...planted, ...truth.otherProblems.map((o) => o.oz).filter((o): o is string => Boolean(o))]);
  const found = truth.quantityErrors.filter((q) => analysis.findings.some((f) => isQuantity(f) && f.oz === q.oz)).map((q) => q.oz);
  const missed = [...planted].filter((oz) => !found.includes(oz));

  const alarms = new Map<Finding, LvScore["falseAlarms"][number]>();
  for (const f of analysis.findings) {
    if (isQuantity(f) && f.oz && !problems.has(f.oz)) alarms.set(f, { oz: f.oz, ruleId: f.ruleId, text: f.evidence ?? f.title });
  }
  for (const h of truth.harmless) {
    const onIt = analysis.findings.filter((f) =>
      h.oz ? f.oz === h.oz && (!problems.has(h.oz) || quotes(f, h.quote)) : f.scope === "lv" && quotes(f, h.quote),
    );
    for (const f of onIt) alarms.set(f, { oz: f.oz, ruleId: f.ruleId, text: f.excerpt ?? f.evidence ?? f.title, harmless: h.quote });
  }

  const positions = analysis.counts.items;
  const m = analysis.money;
  const riskShare = lv.priced
    ? m?.risk && analysis.totals?.total
      ? m.risk.eur / analysis.totals.total
      : null
    : m?.estimate
      ? m.estimate.risk.high / Math.max(1, m.estimate.lvTotal.high)
      : null;
  const estimated = lv.priced
    ? true
    : Boolean(
        m?.estimate &&
        m.estimate.lvTotal.high > 0 &&
        // every finding with a money formula (it names the price it needs) got an estimate, except
        // lump sums without a price: no reference table can price a "1 psch"
        analysis.findings.every(
          (f) =>
            !f.priceNeeded ||
            f.potentialEurEstimate != null ||
            analysis.positions.some((p) => p.oz === f.oz && /psch|pausch/i.test(p.unit)),
        ),
      );
  return {
    id: lv.id,
    priced: lv.priced,
    positions,
    planted: planted.size,
    found,
    missed,
    falseAlarms: [...alarms.values()],
    riskShare,
    riskShareMax: truth.risk.expectedRiskShareMax,
    estimated,
    verdict: analysis.decision?.verdict ?? null,
    truthVerdict: truth.goNoGo,
    analysis,
  };
}

export interface CorpusScore {
  lvs: LvScore[];
  recall: number;
  falseAlarmsPer100: number;
  riskWithinTruth: number;
  estimatedUnpriced: number;
  unpriced: number;
  verdictsRight: number;
}

export async function scoreCorpus(dir: string): Promise<CorpusScore> {
  const ids = readdirSync(dir)
    .filter((f) => f.endsWith(".lv.json"))
    .map((f) => f.slice(0, -".lv.json".length))
    .sort();
  const lvs: LvScore[] = [];
  for (const id of ids) {
    const lv = JSON.parse(readFileSync(join(dir, `${id}.lv.json`), "utf8")) as BlindLv;
    const truth = JSON.parse(readFileSync(join(dir, `${id}.truth.json`), "utf8")) as BlindTruth;
    lvs.push(await scoreLv(lv, truth));
  }
  const planted = lvs.reduce((s, l) => s + l.planted, 0);
  const found = lvs.reduce((s, l) => s + l.found.length, 0);
  const positions = lvs.reduce((s, l) => s + l.positions, 0);
  const alarms = lvs.reduce((s, l) => s + l.falseAlarms.length, 0);
  const unpriced = lvs.filter((l) => !l.priced);
  return {
    lvs,
    recall: planted ? found / planted : 1,
    falseAlarmsPer100: positions ? (alarms * 100) / positions : 0,
    riskWithinTruth: lvs.filter((l) => l.riskShare !== null && l.riskShare <= l.riskShareMax).length,
    estimatedUnpriced: unpriced.filter((l) => l.estimated).length,
    unpriced: unpriced.length,
    verdictsRight: lvs.filter((l) => l.verdict === l.truthVerdict).length,
  };
}

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)} %`);

async function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error("Aufruf: npx tsx scripts/quality-money.ts <Ordner mit <id>.lv.json und <id>.truth.json> [--verbose]");
    process.exit(2);
  }
  const verbose = process.argv.includes("--verbose");
  const score = await scoreCorpus(dir);
  for (const l of score.lvs) {
    console.log(
      `${l.id.padEnd(30)} Mengen ${l.found.length}/${l.planted}  Fehlalarme ${l.falseAlarms.length}/${l.positions} Pos.  ` +
        `Risiko ${pct(l.riskShare)} (Wahrheit ≤ ${pct(l.riskShareMax)})  ${l.priced ? "bepreist" : l.estimated ? "Schätzung da" : "OHNE Schätzung"}  ` +
        `${l.verdict ?? "–"} / Wahrheit ${l.truthVerdict}`,
    );
    for (const oz of l.missed) console.log(`   verpasst   ${oz}`);
    for (const a of l.falseAlarms)
      console.log(
        `   Fehlalarm  ${a.oz ?? "LV"} ${a.ruleId}: ${a.text.slice(0, 140)}${a.harmless ? `  [harmlos: ${a.harmless.slice(0, 50)}]` : ""}`,
      );
    if (verbose)
      for (const f of l.analysis.findings)
        console.log(
          `      ${f.oz ?? "LV"} ${f.ruleId} ${f.effect ?? "-"} ${f.potentialEur ?? ""} ${f.potentialEurEstimate ? `${f.potentialEurEstimate.low}–${f.potentialEurEstimate.high}` : ""} ${(f.evidence ?? f.excerpt ?? f.title).slice(0, 120)}`,
        );
    if (verbose && l.analysis.decision) console.log(`      Entscheidung: ${JSON.stringify(l.analysis.decision)}`);
  }
  console.log(
    `\nMengenfehler gefunden: ${pct(score.recall)}; Fehlalarme je 100 Positionen: ${score.falseAlarmsPer100.toFixed(2)}; ` +
      `Risikoanteil innerhalb der Wahrheit: ${score.riskWithinTruth}/${score.lvs.length}; ` +
      `unbepreiste LVs mit Schätzung: ${score.estimatedUnpriced}/${score.unpriced}; Go/No-Go richtig: ${score.verdictsRight}/${score.lvs.length}`,
  );
}

if (process.argv[1]?.endsWith("quality-money.ts")) await main();
