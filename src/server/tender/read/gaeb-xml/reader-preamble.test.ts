// Contract and preliminary texts of a GAEB file (AddText, AwardInfo dates, remarks before the
// first item) end up in ParsedTender.preamble; positions are read as before.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readGaebXml } from "./reader";
import { category, item, itemlist } from "../../testing/build-gaeb";

const NS = "http://www.gaeb.de/GAEB_DA_XML/DA83/3.3";
const p = (text: string) => `<p><span>${text}</span></p>`;

function file(parts: { gaeb?: string; award?: string; awardInfo?: string; boqInfo?: string; body: string }): Uint8Array {
  const xml =
    `<?xml version="1.0" encoding="UTF-8"?>\n<GAEB xmlns="${NS}"><GAEBInfo><Version>3.3</Version></GAEBInfo>` +
    `<PrjInfo><NamePrj>Test</NamePrj></PrjInfo><Award><DP>83</DP><AwardInfo><Cur>EUR</Cur>${parts.awardInfo ?? ""}</AwardInfo>` +
    `<BoQ><BoQInfo><Name>LV</Name><BoQBkdn><Type>BoQLevel</Type></BoQBkdn><BoQBkdn><Type>Item</Type></BoQBkdn>${parts.boqInfo ?? ""}</BoQInfo>` +
    `<BoQBody>${parts.body}</BoQBody></BoQ>${parts.award ?? ""}</Award>${parts.gaeb ?? ""}</GAEB>`;
  return new TextEncoder().encode(xml);
}

const addText = (outline: string, ...details: string[]) =>
  `<AddText><OutlineAddText>${p(outline)}</OutlineAddText><DetailAddText>${details.map(p).join("")}</DetailAddText></AddText>`;

const remark = (text: string) =>
  `<Remark ID="R1"><Description><CompleteText><DetailTxt><Text>${p(text)}</Text></DetailTxt></CompleteText></Description></Remark>`;

describe("GAEB reader: preamble", () => {
  it("collects AddText of BoQInfo, BoQCtgy, Award and GAEB, the construction dates and remarks before the first item", () => {
    const parsed = readGaebXml(
      file({
        awardInfo: "<CnstStart>2026-04-01</CnstStart><CnstEnd>2027-09-30</CnstEnd>",
        boqInfo: addText("Besondere Vertragsbedingungen", "Vertragsstrafe 0,3 % je Werktag.", "Sicherheit für Mängelansprüche 5 %."),
        body:
          remark("Die Baustelle ist über die Lindenstraße zu erreichen.") +
          category(
            "01",
            "Erdarbeiten",
            itemlist(item({ rno: "0010", qty: "100.000", unit: "m3", short: "Baugrube ausheben", long: "Homogenbereich B1." })),
            `<AddText><OutlineAddText><OutlTxt><TextOutlTxt>${p("Hinweis Erdarbeiten")}</TextOutlTxt></OutlTxt></OutlineAddText><DetailAddText><Text>${p("Boden Z 0.")}</Text></DetailAddText></AddText>`,
          ),
        award: addText("Schlussbemerkung", "Es gilt die VOB/B."),
        gaeb: addText("Anlage", "Baugrundgutachten vom 12.03.2026."),
      }),
    );
    expect(parsed.preamble?.split("\n")).toEqual([
      "Ausführungsbeginn (AwardInfo/CnstStart): 2026-04-01",
      "",
      "Fertigstellung (AwardInfo/CnstEnd): 2027-09-30",
      "",
      "Besondere Vertragsbedingungen",
      "Vertragsstrafe 0,3 % je Werktag.",
      "Sicherheit für Mängelansprüche 5 %.",
      "",
      "Hinweis Erdarbeiten",
      "Boden Z 0.",
      "",
      "Schlussbemerkung",
      "Es gilt die VOB/B.",
      "",
      "Anlage",
      "Baugrundgutachten vom 12.03.2026.",
      "",
      "Die Baustelle ist über die Lindenstraße zu erreichen.",
    ]);
    // The positions are untouched: the category label is not the AddText's, the item keeps its texts.
    expect(parsed.positions.map((n) => [n.kind, n.oz, n.shortText, n.longText])).toEqual([
      ["remark", "", "", "Die Baustelle ist über die Lindenstraße zu erreichen."],
      ["title", "01", "Erdarbeiten", ""],
      ["item", "01.0010", "Baugrube ausheben", "Homogenbereich B1."],
    ]);
  });

  it("leaves remarks after the first item to the positions", () => {
    const parsed = readGaebXml(
      file({
        body: category("01", "Erdarbeiten", itemlist(item({ rno: "0010", qty: "1.000", unit: "m3", short: "Aushub" })) + remark("Später.")),
      }),
    );
    expect(parsed.preamble).toBeUndefined();
  });

  it("has no preamble for files without such texts", () => {
    const parsed = readGaebXml(readFileSync(new URL("../../fixtures/rohbau-27.x83", import.meta.url)));
    expect(parsed.preamble).toBeUndefined();
  });
});
