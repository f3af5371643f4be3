// Reads every public GAEB file of the corpus (src/server/tender/testing/public-corpus.ts) and writes
// docs/gaeb-corpus.md: format, items read against an independent count, totals against the
// stated totals, differences to the DA XML twin, time.
// Run: npx tsx scripts/gaeb-corpus.ts [--download]
//   --download  fetch files that have no local copy from raw.githubusercontent.com (into tmp/gaeb-corpus)
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { analyseTender, type TenderAnalysis } from "../src/server/tender";
import { detectTenderFormat } from "../src/server/tender/read/detect";
import { decodeLegacyText } from "../src/server/tender/read/legacy-charset";
import { twinDifferences } from "../src/server/tender/read/twin-compare";
import { PUBLIC_CORPUS, loadCorpusFile, type CorpusFile } from "../src/server/tender/testing/public-corpus";

const download = process.argv.includes("--download");

/** Why a twin differs, as far as the files show it. */
const CAUSES: Record<string, string> = {
  "LV_Los01.D83": "iTWO hat „±“ beim Export nach GAEB 90 und 2000 weggelassen.",
  "LV_Los01.P83": "iTWO hat „±“ beim Export nach GAEB 90 und 2000 weggelassen.",
  "LV_Los02.D83": "iTWO hat „±“ beim Export nach GAEB 90 und 2000 weggelassen.",
  "LV_Los02.P83": "iTWO hat „±“ beim Export nach GAEB 90 und 2000 weggelassen.",
  "Flechtingen GS AA.d83":
    "SJ AVA: „–“ und „…“ gibt es in Codepage 850 nicht (als „.“ bzw. fehlend geschrieben), eine Titelbezeichnung ist auf 40 Zeichen gekürzt; drei „psch“-Positionen tragen in der X83 kein LumpSumItem (GAEB 90/2000 kennen dafür nur die Einheit).",
  "Flechtingen GS AA.p83": "SJ AVA: die P83 enthält zwei „–“, die in der X83 fehlen; dieselben drei „psch“-Positionen.",
  "LV 39656.D83":
    "Die X83 ist keine AVA-Ausgabe, sondern von gaeb-converter aus der D83 erzeugt: er setzt die Stufenbezeichnung („Bereich“, „Abschnitt“) vor jeden Titel und lässt die 23 Hinweistexte weg.",
  "PV GAEB 2000.p83":
    "CaliforniaX schreibt Textergänzungen in der P83 als „'…'“ bzw. „TA11Feld11“ in das RTF, in der X83 als TextComplement; der DA-XML-Leser übernimmt in einigen Positionen (z. B. 1.1.3) ein eingebettetes Bild (Base64) als Text.",
  "Dangl GAEB90_DE.D86": "Die Einheit „Psch.“ hat fünf Zeichen; GAEB 90 und 2000 erlauben vier („Psch“, als Pauschalposition gelesen).",
  "Dangl GAEB2000_DE.P86": "Die Einheit „Psch.“ hat fünf Zeichen; GAEB 90 und 2000 erlauben vier („Psch“, als Pauschalposition gelesen).",
};
const FORMAT_NAMES: Record<string, string> = { "gaeb-xml": "DA XML", "gaeb-90": "GAEB 90", "gaeb-2000": "GAEB 2000" };
const euro = (n: number | null | undefined) =>
  n === null || n === undefined ? "–" : n.toLocaleString("de-DE", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Items counted without our readers: <Item> elements, 21 records, #begin[Position] blocks. */
function expectedItems(bytes: Buffer, format: string): number | null {
  const text = format === "gaeb-xml" ? bytes.toString("utf8") : decodeLegacyText(bytes).text;
  if (format === "gaeb-xml") return (text.match(/<(?:\w+:)?Item[\s>]/g) ?? []).length;
  if (format === "gaeb-90") return (text.match(/^21/gm) ?? []).length;
  if (format === "gaeb-2000") return (text.match(/#begin\[position\]/gi) ?? []).length;
  return null;
}

interface Row {
  file: CorpusFile;
  format: string;
  analysis: TenderAnalysis | null;
  expected: number | null;
  ms: number;
  twinDiffs: string[] | null;
}

async function main() {
  const bytesById = new Map<string, Buffer>();
  for (const file of PUBLIC_CORPUS) {
    const bytes = await loadCorpusFile(file, { download });
    if (bytes) bytesById.set(file.id, bytes);
  }
  const rows: Row[] = [];
  const analyses = new Map<string, TenderAnalysis>();
  for (const file of PUBLIC_CORPUS) {
    const bytes = bytesById.get(file.id);
    const name = basename(file.path);
    if (!bytes) {
      rows.push({ file, format: "", analysis: null, expected: null, ms: 0, twinDiffs: null });
      continue;
    }
    const format = detectTenderFormat(bytes, name);
    const baseBytes = file.base ? bytesById.get(file.base) : undefined;
    const base = baseBytes ? { data: baseBytes, fileName: basename(PUBLIC_CORPUS.find((f) => f.id === file.base)!.path) } : null;
    const started = performance.now();
    const analysis = await analyseTender(bytes, name, { base });
    const ms = Math.round(performance.now() - started);
    analyses.set(file.id, analysis);
    const expected = file.base && baseBytes ? expectedItems(baseBytes, "gaeb-xml") : expectedItems(bytes, format);
    rows.push({ file, format, analysis, expected, ms, twinDiffs: null });
  }
  for (const row of rows) {
    const twin = row.file.twin ? analyses.get(row.file.twin) : undefined;
    if (row.analysis?.status === "done" && twin?.status === "done" && row.analysis.totals && twin.totals) {
      row.twinDiffs = twinDifferences(row.analysis as never, twin as never);
    }
  }
  writeFileSync(new URL("../docs/gaeb-corpus.md", import.meta.url), render(rows));
  const read = rows.filter((r) => r.analysis?.status === "done").length;
  console.log(`docs/gaeb-corpus.md: ${rows.length} Dateien, ${read} gelesen, ${rows.filter((r) => !r.analysis).length} nicht vorhanden`);
}

function totalCell(a: TenderAnalysis): string {
  const t = a.totals;
  if (!t || t.total === null) return t?.stated ? `– (Datei: ${euro(t.stated)})` : "–";
  if (t.stated === null) return euro(t.total);
  const diff = Math.round((t.total - t.stated) * 100) / 100;
  return diff === 0 ? `${euro(t.total)} = Datei` : `${euro(t.total)} ≠ Datei ${euro(t.stated)} (Δ ${euro(diff)})`;
}

function summary(rows: Row[]): string[] {
  const done = rows.filter((r) => r.analysis?.status === "done");
  const byFormat = (f: string) => rows.filter((r) => r.format === f).length;
  const counted = done.filter(
    (r) => r.expected !== null && r.analysis!.positions.filter((p) => p.kind === "item").length === r.expected,
  ).length;
  const twins = rows.filter((r) => r.twinDiffs !== null);
  const describe = (set: Row[]) => {
    const same = set.filter((r) => r.twinDiffs!.length === 0).length;
    return `${set.length} (${same} ohne Unterschied, ${set.length - same} mit Unterschieden – siehe unten)`;
  };
  const totals = done.filter((r) => r.analysis!.totals?.stated != null && r.analysis!.totals.total != null);
  const totalsOk = totals.filter((r) => Math.abs(r.analysis!.totals!.total! - r.analysis!.totals!.stated!) <= 0.005).length;
  const slowest = [...done].sort((a, b) => b.ms - a.ms)[0];
  return [
    `**Stand:** ${rows.length} Dateien (${byFormat("gaeb-xml")} DA XML, ${byFormat("gaeb-90")} GAEB 90, ${byFormat("gaeb-2000")} GAEB 2000), ${done.length} gelesen, ` +
      `${rows.filter((r) => !r.analysis).length} nicht vorhanden. Positionen wie unabhängig gezählt: ${counted} von ${done.length}. ` +
      `Summe laut Datei erreicht: ${totalsOk} von ${totals.length} Dateien mit Preisen und Summe. Langsamste Datei: ${slowest ? `${slowest.file.id}, ${slowest.ms} ms` : "–"}.`,
    "",
    `**Zwillinge** (GAEB 90/2000 gegen DA XML desselben LV) in den Tests: ${describe(twins.filter((r) => !r.file.heldOut))}; zurückgehalten: ${describe(twins.filter((r) => r.file.heldOut))}.`,
  ];
}

function render(rows: Row[]): string {
  const lines: string[] = [];
  lines.push("# GAEB-Korpus: öffentliche LV-Dateien und wie sie gelesen werden");
  lines.push("");
  lines.push("Erzeugt von `npx tsx scripts/gaeb-corpus.ts` (mit `--download`, wenn die Dateien nicht lokal liegen).");
  lines.push("Die Dateien stammen aus öffentlichen GitHub-Repositorien (Repository, Commit und Pfad in");
  lines.push("`src/server/tender/testing/public-corpus.ts`); die meisten tragen keine Lizenz, die eine Kopie in dieses");
  lines.push("Repository erlaubt, deshalb werden sie nur gelesen, nicht eingecheckt.");
  lines.push("");
  lines.push("- **Positionen**: gelesen / unabhängig gezählt (`<Item>`-Elemente, Sätze 21, `#begin[Position]`; bei einer");
  lines.push("  Preis-X84 die Positionen der zugehörigen X81/X83).");
  lines.push(
    "- **Summe**: Summe der Positionen / Summe laut Datei (DA XML `BoQInfo/Totals/Total`, GAEB 90 Satz 99, GAEB 2000 `LVInfo/Summe`).",
  );
  lines.push("- **Zwilling**: Unterschiede zur DA-XML-Datei desselben LV aus demselben Programm (OZ ohne führende Nullen,");
  lines.push("  Texte ohne Zeilenumbruch verglichen); Einzelheiten unten. *zurückgehalten* = nicht in den Tests, Gegenprobe.");
  lines.push("");
  lines.push(...summary(rows));
  lines.push("");
  lines.push("| Datei | Herkunft | Format | Phase | Positionen | Summe | Zwilling | Hinweise | ms |");
  lines.push("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const a = r.analysis;
    const held = r.file.heldOut ? " *(zurückgehalten)*" : "";
    const source = `[${r.file.repo}](https://github.com/${r.file.repo}/blob/${r.file.commit}/${r.file.path.split("/").map(encodeURIComponent).join("/")})`;
    if (!a) {
      lines.push(`| ${r.file.id}${held} | ${r.file.origin}, ${source} | – | – | nicht vorhanden | – | – | – | – |`);
      continue;
    }
    const fmt = `${FORMAT_NAMES[r.format] ?? r.format}${a.version && r.format !== "gaeb-90" ? ` ${a.version.replace(/^2000 /, "")}` : ""}`;
    if (a.status !== "done") {
      lines.push(
        `| ${r.file.id}${held} | ${r.file.origin}, ${source} | ${fmt} | – | nicht gelesen: ${a.error?.code ?? a.status} | – | – | ${a.error?.message ?? ""} | ${r.ms} |`,
      );
      continue;
    }
    const items = a.positions.filter((p) => p.kind === "item").length;
    const itemsCell =
      r.expected === null ? String(items) : items === r.expected ? `${items} / ${r.expected}` : `**${items} / ${r.expected}**`;
    const twin =
      r.twinDiffs === null
        ? r.file.twin
          ? "Zwilling fehlt"
          : ""
        : r.twinDiffs.length === 0
          ? `gleich (${r.file.twin})`
          : `${r.twinDiffs.length} Unterschiede`;
    const notes = `${a.warnings.length} Warnung${a.warnings.length === 1 ? "" : "en"}${a.priceOnly || a.baseFileName ? ", Preise in Basis-LV übernommen" : ""}`;
    lines.push(
      `| ${r.file.id}${held} | ${r.file.origin}, ${source} | ${fmt} | ${a.phase ?? "–"} | ${itemsCell} | ${totalCell(a)} | ${twin} | ${notes} | ${r.ms} |`,
    );
  }
  lines.push("");
  lines.push("## Unterschiede zu den Zwillingen");
  lines.push("");
  for (const r of rows.filter((x) => x.twinDiffs && x.twinDiffs.length > 0)) {
    lines.push(
      `**${r.file.id}** gegen ${r.file.twin} (${r.twinDiffs!.length})${r.file.heldOut ? ", zurückgehalten" : ""}: ${CAUSES[r.file.id] ?? "Ursache nicht untersucht."}`,
    );
    lines.push("");
    for (const d of r.twinDiffs!.slice(0, 12)) lines.push(`- ${d.replace(/\|/g, "\\|")}`);
    if (r.twinDiffs!.length > 12) lines.push(`- … und ${r.twinDiffs!.length - 12} weitere`);
    lines.push("");
  }
  const off = rows.filter(
    (r) =>
      r.analysis?.status === "done" &&
      r.analysis.totals?.stated != null &&
      r.analysis.totals.total != null &&
      Math.abs(r.analysis.totals.total - r.analysis.totals.stated) > 0.005,
  );
  lines.push("## Summen, die von der Summe laut Datei abweichen");
  lines.push("");
  lines.push("Nachlässe, Zuschläge und Pauschalsummen der Abschnitte und des LV (Totals), Alternativabschnitte und");
  lines.push("Positionsnachlässe rechnet der Leser wie GAEB sie festlegt (docs/decisions/0022-gaeb-totals-and-export.md).");
  lines.push("");
  if (off.length === 0) lines.push("Keine.");
  for (const r of off) lines.push(`- ${r.file.id} (${FORMAT_NAMES[r.format] ?? r.format}): ${totalCell(r.analysis!)}`);
  lines.push("");
  return lines.join("\n");
}

await main();
