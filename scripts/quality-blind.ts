// Clause recall and precision of the contract review on a blind corpus (tests/quality/blind/):
//
//   npx tsx scripts/quality-blind.ts <dir>             figures, misses and false alarms
//   npx tsx scripts/quality-blind.ts <dir> --verbose   also every flagged checklist entry
//   npx tsx scripts/quality-blind.ts <dir> --cache <d> keep the converted files in <d>
//
// <dir> holds <id>.lv.json and <id>.truth.json (format: tests/quality/blind/TENDER-FORMAT.md).
// How a clause counts as found or as a false alarm: tests/quality/blind/evaluate-blind.ts.

import type { Browser } from "playwright-core";
import { evaluateBlind, score } from "../tests/quality/blind/evaluate-blind";
import { launchBrowser } from "../tests/quality/blind/lv-to-files";

const args = process.argv.slice(2);
const dir = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--cache");
const cacheAt = args.indexOf("--cache");
const cacheDir = cacheAt >= 0 ? args[cacheAt + 1] : undefined;
const verbose = args.includes("--verbose");
if (!dir) {
  console.error("Aufruf: npx tsx scripts/quality-blind.ts <Ordner> [--verbose] [--cache <Ordner>]");
  process.exit(2);
}

let browser: Browser | null = null;
const getBrowser = async () => (browser ??= await launchBrowser());
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

try {
  const outcomes = await evaluateBlind(dir, { browser: getBrowser, cacheDir });
  const s = score(outcomes);
  console.log(`Klauselprüfung auf ${s.cases} LVs (${dir})\n`);
  for (const o of outcomes) {
    const problems = o.found.length + o.missed.length + o.gapsFound.length + o.gapsMissed.length;
    console.log(
      `${o.id.padEnd(34)} gefunden ${o.found.length + o.gapsFound.length}/${problems}   markiert ${o.flagged.length}, davon Fehlalarm ${o.falseAlarms.length}`,
    );
    for (const c of o.missed) {
      const wrong = o.wrongVerdict.find((w) => w.truth === c);
      console.log(
        `   verpasst  ${c.verdict.padEnd(8)} ${c.type}: „${c.quote.slice(0, 100)}“${wrong ? `  (bauklar: ${wrong.entry.verdict} – ${wrong.entry.why})` : ""}`,
      );
    }
    for (const t of o.gapsMissed) console.log(`   verpasst  nicht geregelt: ${t}`);
    for (const e of o.falseAlarms)
      console.log(
        `   Fehlalarm ${e.verdict.padEnd(8)} ${e.type} ${e.status === "nicht geregelt" ? "(nicht geregelt)" : `„${(e.quote ?? "").slice(0, 100)}“`} – ${e.why}`,
      );
    if (verbose)
      for (const e of o.flagged)
        console.log(
          `   markiert  ${e.verdict.padEnd(8)} ${e.type} ${e.document ?? ""} ${e.location ?? ""} „${(e.quote ?? "").slice(0, 80)}“`,
        );
  }
  console.log(
    `\nRecall ${pct(s.recall)} (${s.found} von ${s.problems}), Präzision ${pct(s.precision)} (${s.flagged - s.falseAlarms} von ${s.flagged})`,
  );
  console.log(
    `Markiert (Typ und Stelle, kritisch oder prüfen, Urteil gleich oder anders): ${pct(s.marked / Math.max(1, s.problems))} (${s.marked} von ${s.problems})`,
  );
  console.log(
    s.kritischMissed.length ? `Verpasste kritische Klauseln:\n  ${s.kritischMissed.join("\n  ")}` : "Keine kritische Klausel verpasst.",
  );
} finally {
  await (browser as Browser | null)?.close();
}
