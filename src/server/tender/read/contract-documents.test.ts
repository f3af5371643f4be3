// Contract documents as paragraphs with their place: TXT (UTF-8 and Windows-1252), DOCX written by
// the `docx` package, PDF printed by Chromium (the blind corpus's files), and files that cannot be
// read giving a note instead of an exception. analyseTender reviews their clauses with the LV.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Document, Packer, Paragraph } from "docx";
import { describe, expect, it } from "vitest";
import { analyseTender } from "../index";
import { DEFAULT_LIMITS } from "../limits";
import { readContractDocument } from "./contract-documents";

const TUNE = join(import.meta.dirname, "../../../../tests/quality/blind/tune/files");

describe("readContractDocument", () => {
  it("reads TXT paragraphs separated by blank lines, in UTF-8 or Windows-1252", async () => {
    const utf8 = await readContractDocument(
      {
        fileName: "ZVB.txt",
        data: new TextEncoder().encode("§ 1 Skonto\n\nSkonto: 3 %\nbei Zahlung binnen 14 Tagen.\n\n\n§ 2 Gerichtsstand"),
      },
      DEFAULT_LIMITS,
    );
    expect(utf8.paragraphs).toEqual([
      { text: "§ 1 Skonto", page: null, paragraph: 1 },
      { text: "Skonto: 3 % bei Zahlung binnen 14 Tagen.", page: null, paragraph: 2 },
      { text: "§ 2 Gerichtsstand", page: null, paragraph: 3 },
    ]);
    const latin1 = await readContractDocument(
      { fileName: "alt.txt", data: Uint8Array.from([0x47, 0x65, 0x77, 0xe4, 0x68, 0x72, 0x6c, 0x65, 0x69, 0x73, 0x74, 0x75, 0x6e, 0x67]) },
      DEFAULT_LIMITS,
    );
    expect(latin1.paragraphs[0].text).toBe("Gewährleistung");
  });

  it("reads a DOCX paragraph by paragraph", async () => {
    const doc = new Document({
      sections: [{ children: ["§ 4 Sicherheiten", "Die Sicherheit für Mängelansprüche beträgt 3 %."].map((t) => new Paragraph(t)) }],
    });
    const read = await readContractDocument({ fileName: "BVB.docx", data: new Uint8Array(await Packer.toBuffer(doc)) }, DEFAULT_LIMITS);
    expect(read.paragraphs.map((p) => [p.text, p.paragraph])).toEqual([
      ["§ 4 Sicherheiten", 1],
      ["Die Sicherheit für Mängelansprüche beträgt 3 %.", 2],
    ]);
  });

  it("reads a printed PDF with page and paragraph, without the running footer", async () => {
    const name = "Zusätzliche Vertragsbedingungen Wohnbau Neckartal.pdf";
    const read = await readContractDocument(
      { fileName: name, data: new Uint8Array(readFileSync(join(TUNE, "t5-heizung-sanitaer-wbg", name))) },
      DEFAULT_LIMITS,
    );
    expect(read.error).toBeUndefined();
    const festpreis = read.paragraphs.find((p) => p.text.includes("Festpreise bis zur Gesamtfertigstellung"))!;
    expect(festpreis).toMatchObject({ page: expect.any(Number), paragraph: expect.any(Number) });
    expect(read.paragraphs.some((p) => /^Seite \d+ von \d+$/.test(p.text))).toBe(false);
  });

  it("gives a German note for a file it cannot read, and for other formats", async () => {
    expect(
      (await readContractDocument({ fileName: "kaputt.docx", data: new TextEncoder().encode("kein Word") }, DEFAULT_LIMITS)).error,
    ).toBe("Die Datei konnte nicht gelesen werden.");
    expect((await readContractDocument({ fileName: "alt.doc", data: new Uint8Array([1, 2]) }, DEFAULT_LIMITS)).error).toBe(
      "Format nicht unterstützt (PDF, DOCX oder TXT).",
    );
  });
});

describe("analyseTender with contract documents", () => {
  it("reviews the documents' clauses with the LV and names document and paragraph in the findings", async () => {
    const dir = join(TUNE, "t3-trockenbau-nu");
    const docName = "Nachunternehmervertrag - Besondere Vertragsbedingungen.docx";
    const analysis = await analyseTender(readFileSync(join(dir, "t3-trockenbau-nu.x83")), "t3.x83", {
      contractDocuments: [
        { fileName: docName, data: new Uint8Array(readFileSync(join(dir, docName))) },
        { fileName: "kaputt.docx", data: new TextEncoder().encode("kein Word") },
      ],
    });
    expect(analysis.contractDocuments).toEqual([
      { name: docName, paragraphs: expect.any(Number) },
      { name: "kaputt.docx", paragraphs: 0, error: "Die Datei konnte nicht gelesen werden." },
    ]);
    expect(analysis.warnings).toContain("kaputt.docx: Die Datei konnte nicht gelesen werden.");
    const guarantee = analysis.findings.find((f) => f.ruleId === "klausel-buergschaft-erstes-anfordern")!;
    expect(guarantee).toMatchObject({
      severity: "risiko",
      category: "vertrag",
      clause: { verdict: "kritisch", document: docName, location: expect.stringMatching(/^Absatz \d+$/) },
    });
    expect(guarantee.basis).toContain("VII ZR 192/01");
    // Every clause type checked; nothing reported twice.
    expect(new Set(analysis.checklist!.map((e) => e.type)).size).toBe(43);
    const keys = analysis.findings.filter((f) => f.clause).map((f) => `${f.ruleId}|${f.excerpt}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
