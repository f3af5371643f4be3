// A 10 MB GAEB 90 or GAEB 2000 file (the upload limit) is read within 2 s of CPU time, like a DA
// XML file of that size (gaeb-xml/reader-performance.test.ts). CPU time is asserted, wall time
// printed: on a shared machine the wall time includes waiting for other processes.
import { describe, expect, it } from "vitest";
import { readGaeb2000 } from "./gaeb-2000/reader";
import { readGaeb90 } from "./gaeb-90/reader";
import type { ParsedTender } from "../types";

const TEN_MB = 10 * 1024 * 1024;
const LONG = "Kalkzementputz nach DIN EN 13914-2 auf Mauerwerk, Dicke 15 mm, Oberfläche gefilzt, einschließlich Eckschutzschienen.";

/** GAEB 90 in code page 850: 21 + 25 + two 26 records per item, 50 items per section. */
function largeD83(): { buffer: Buffer; items: number } {
  const records: string[] = [];
  const rec = (type: string, data: string) =>
    records.push(`${type}${data}`.padEnd(74).slice(0, 74) + String(records.length + 1).padStart(6, "0"));
  rec("00", `${" ".repeat(8)}83L${" ".repeat(49)}1122PPPPI90`);
  let items = 0;
  for (let c = 1; records.length * 82 < TEN_MB; c++) {
    const section = String(c % 100).padStart(2, "0") + String(Math.floor(c / 100) % 100).padStart(2, "0");
    rec("11", `${section}     N    Titel`);
    rec("12", `Innenputz Titel ${c}`);
    for (let i = 1; i <= 50; i++, items++) {
      rec("21", `${section}${String(i * 10).padStart(4, "0")} NNN         ${String(i * 1500).padStart(11, "0")}m2  `);
      rec("25", `Innenputz Wand ${i}`);
      rec("26", `   ${LONG.slice(0, 60)}`);
      rec("26", `   ${LONG.slice(60)}`);
    }
    rec("31", section);
  }
  const text = records.join("\r\n");
  return { buffer: Buffer.from(text.replace(/ä/g, "\x84").replace(/ß/g, "\xe1"), "latin1"), items };
}

/** GAEB 2000 in Windows-1252, every second long text as RTF. */
function largeP83(): { buffer: Buffer; items: number } {
  const parts = ["#begin[GAEB]\r\n#begin[Vergabe]\r\n[DP]83[end]\r\n#begin[LV]\r\n#begin[LVInfo]\r\n"];
  for (const [type, length] of [
    ["LVStufe", 4],
    ["Position", 4],
  ] as const)
    parts.push(`#begin[LVGlied]\r\n[Typ]${type}[end]\r\n[Laenge]${length}[end]\r\n#end[LVGlied]\r\n`);
  parts.push("#end[LVInfo]\r\n");
  let size = 0;
  let items = 0;
  for (let c = 1; size < TEN_MB; c++) {
    const section = String(c).padStart(4, "0");
    const block = [`#begin[LVBereich]\r\n[OZ]${section}[end]\r\n[Bez]Titel ${c}[end]\r\n`];
    for (let i = 1; i <= 50; i++, items++) {
      const long = i % 2 ? LONG : `{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\pard ${LONG.replace(/ä/g, "\\'e4").replace(/ß/g, "\\'df")}\\par}`;
      block.push(
        `#begin[Position]\r\n[OZ]${section}${String(i * 10).padStart(4, "0")}[end]\r\n[Menge]${i},500[end]\r\n[ME]m2[end]\r\n#begin[Beschreibung]\r\n[Kurztext]Innenputz Wand ${i}[end]\r\n[Langtext]${long}[end]\r\n#end[Beschreibung]\r\n#end[Position]\r\n`,
      );
    }
    block.push("#end[LVBereich]\r\n");
    const text = block.join("");
    parts.push(text);
    size += text.length;
  }
  parts.push("#end[LV]\r\n#end[Vergabe]\r\n#end[GAEB]\r\n");
  return { buffer: Buffer.from(parts.join(""), "latin1"), items };
}

function timed(name: string, read: () => ParsedTender, bytes: number) {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const parsed = read();
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(`${name}: ${(bytes / 1024 / 1024).toFixed(1)} MB: ${cpuMs.toFixed(0)} ms CPU, ${wallMs.toFixed(0)} ms wall`);
  return { parsed, cpuMs };
}

describe("performance of the GAEB 90 and GAEB 2000 readers", () => {
  it("reads a generated 10 MB GAEB 90 file in under 2 s of CPU time", () => {
    const { buffer, items } = largeD83();
    expect(buffer.length).toBeGreaterThanOrEqual(TEN_MB);
    const { parsed, cpuMs } = timed("GAEB 90", () => readGaeb90(buffer), buffer.length);
    expect(parsed.positions.filter((p) => p.kind === "item")).toHaveLength(items);
    expect(parsed.positions.find((p) => p.kind === "item")?.longText).toMatch(/Oberfläche[^]*einschließlich/);
    expect(cpuMs).toBeLessThan(2000);
  });

  it("reads a generated 10 MB GAEB 2000 file with RTF texts in under 2 s of CPU time", () => {
    const { buffer, items } = largeP83();
    expect(buffer.length).toBeGreaterThanOrEqual(TEN_MB);
    const { parsed, cpuMs } = timed("GAEB 2000", () => readGaeb2000(buffer), buffer.length);
    expect(parsed.positions.filter((p) => p.kind === "item")).toHaveLength(items);
    expect(parsed.positions.filter((p) => p.kind === "item")[1].longText).toBe(LONG);
    expect(cpuMs).toBeLessThan(2000);
  });
});
