// A 50 000-row LV as .xlsx and as CSV: read completely, bounded and reasonably fast. As in the
// GAEB performance test, the limit is asserted on this process's CPU time (wall time on a shared
// machine includes waiting for others); both are printed.

import { describe, expect, it } from "vitest";
import { GaebError } from "../../errors";
import { DEFAULT_LIMITS } from "../../limits";
import { readTenderSheet } from "./index";
import { minimalXlsx } from "./test-support";

const TITLES = 50;
const ITEMS_PER_TITLE = 1000;

function lvRows(): (string | number)[][] {
  const rows: (string | number)[][] = [["OZ", "Kurztext", "Langtext", "Menge", "ME", "EP", "GP"]];
  for (let t = 1; t <= TITLES; t++) {
    const title = String(t).padStart(2, "0");
    rows.push([title, `Titel ${t}`]);
    for (let i = 1; i <= ITEMS_PER_TITLE; i++) {
      rows.push([
        `${title}.${String(i * 10).padStart(5, "0")}`,
        `Innenputz Wand ${i}`,
        `Kalkzementputz nach DIN EN 13914-2 auf Mauerwerk, Dicke 15 mm, Position ${t}.${i}, Oberfläche gefilzt, einschließlich Eckschutzschienen.`,
        i + 0.5,
        "m2",
        12.5,
        (i + 0.5) * 12.5,
      ]);
    }
  }
  return rows;
}

async function timed<T>(label: string, bytes: Buffer, run: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const result = await run();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`${label} (${(bytes.length / 1024 / 1024).toFixed(1)} MB): ${cpuMs.toFixed(0)} ms CPU, ${wallMs.toFixed(0)} ms wall`);
  return { result, cpuMs };
}

describe("a 50 000-row sheet", () => {
  const rows = lvRows();
  const items = TITLES * ITEMS_PER_TITLE;

  it("is read completely from .xlsx", async () => {
    const bytes = minimalXlsx(rows);
    const { result, cpuMs } = await timed(`XLSX, ${rows.length} Zeilen`, bytes, () =>
      readTenderSheet(bytes, "gross.xlsx", "xlsx", { mapping: null, limits: DEFAULT_LIMITS }),
    );
    expect(result.positions.filter((p) => p.kind === "item")).toHaveLength(items);
    expect(result.positions.filter((p) => p.kind === "title")).toHaveLength(TITLES);
    expect(result.totals.total).toBe(
      Math.round(TITLES * Array.from({ length: ITEMS_PER_TITLE }, (_, i) => (i + 1.5) * 12.5).reduce((a, b) => a + b) * 100) / 100,
    );
    expect(result.warnings).toEqual([]);
    expect(cpuMs).toBeLessThan(20_000);
  }, 60_000);

  it("is read completely from CSV", async () => {
    const csv = rows.map((r) => r.map((v) => (typeof v === "number" ? String(v).replace(".", ",") : `"${v}"`)).join(";")).join("\r\n");
    const bytes = Buffer.from(csv, "utf8");
    const { result, cpuMs } = await timed(`CSV, ${rows.length} Zeilen`, bytes, () =>
      readTenderSheet(bytes, "gross.csv", "csv", { mapping: null, limits: DEFAULT_LIMITS }),
    );
    expect(result.positions.filter((p) => p.kind === "item")).toHaveLength(items);
    expect(cpuMs).toBeLessThan(10_000);
  }, 60_000);

  it("is refused quickly when far beyond the row cap, before exceljs loads it", async () => {
    const bytes = minimalXlsx(rows);
    const { result } = await timed("XLSX bei Grenze 20 000 Zeilen", bytes, () =>
      readTenderSheet(bytes, "gross.xlsx", "xlsx", { mapping: null, limits: { ...DEFAULT_LIMITS, maxSheetRows: 20_000 } }).catch(
        (e: unknown) => e,
      ),
    );
    expect(result).toBeInstanceOf(GaebError);
    expect((result as GaebError).code).toBe("too_large");
  }, 60_000);
});
