import { describe, expect, it } from "vitest";
import { detectTenderFormat } from "./detect";
import { GAEB_2000_SAMPLE, gaeb90Sample, gaebXml } from "../testing/build-gaeb";

const bytes = (s: string) => Buffer.from(s, "latin1");

describe("detectTenderFormat", () => {
  it("decides by content, whatever the extension says", () => {
    expect(detectTenderFormat(bytes(gaebXml({ body: "" })), "lv.txt")).toBe("gaeb-xml");
    expect(detectTenderFormat(bytes("%PDF-1.7\n..."), "lv.x83")).toBe("pdf");
    expect(detectTenderFormat(bytes(gaeb90Sample()), "lv.dat")).toBe("gaeb-90");
    expect(detectTenderFormat(bytes(GAEB_2000_SAMPLE), "lv.txt")).toBe("gaeb-2000");
  });

  it("sees XML behind a BOM and GAEB 90 records without line breaks", () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), bytes("<GAEB/>")]);
    expect(detectTenderFormat(bom, "x")).toBe("gaeb-xml");
    expect(detectTenderFormat(bytes(gaeb90Sample().replace(/\r\n/g, "")), "lv")).toBe("gaeb-90");
  });

  it("sees a GAEB 90 file that starts with free text (T0 … T9) before its header", () => {
    const record = (type: string, data: string, n: number) => `${type}${data}`.padEnd(74) + String(n).padStart(6, "0");
    const file = [
      record("T0", "", 1),
      record("70", "   Created with an AVA program", 2),
      record("T9", "", 3),
      record("00", "        83L", 4),
      record("21", "010010", 5),
    ].join("\r\n");
    expect(detectTenderFormat(bytes(file), "LV ohne Endung")).toBe("gaeb-90");
  });

  it("does not take numeric CSV for GAEB 90", () => {
    expect(detectTenderFormat(bytes("12;Boden;100\n13;Beton;20\n"), "export.csv")).toBe("csv");
    expect(detectTenderFormat(bytes("OZ;Kurztext;Menge;ME\n01.0010;Boden;100;m3\n01.0020;Beton;20;m3\n"), "export")).toBe("csv");
  });

  it("tells spreadsheets by their container", () => {
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), bytes("rest")]);
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), bytes("rest")]);
    expect(detectTenderFormat(zip, "LV.xlsx")).toBe("xlsx");
    expect(detectTenderFormat(zip, "LV")).toBe("xlsx");
    expect(detectTenderFormat(zip, "Baubeschreibung.docx")).toBe("unknown");
    expect(detectTenderFormat(zip, "LV.ods")).toBe("unknown");
    expect(detectTenderFormat(ole, "LV.xls")).toBe("xls");
    // A password-protected .xlsx is an OLE container too.
    expect(detectTenderFormat(ole, "LV.xlsx")).toBe("xlsx");
  });

  it("falls back to the extension for unrecognised content", () => {
    expect(detectTenderFormat(bytes("kaputt"), "Angebot.X84")).toBe("gaeb-xml");
    expect(detectTenderFormat(bytes("kaputt"), "lv.d83")).toBe("gaeb-90");
    expect(detectTenderFormat(bytes("kaputt"), "lv.p83")).toBe("gaeb-2000");
    expect(detectTenderFormat(bytes("kaputt"), "lv.pdf")).toBe("pdf");
    expect(detectTenderFormat(bytes("kaputt"), "lv.docx")).toBe("unknown");
  });
});
