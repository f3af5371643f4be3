import { describe, expect, it } from "vitest";
import { detectTenderFormat } from "./detect";
import { GAEB_2000_SAMPLE, gaeb90Sample, gaebXml } from "./testing/build-gaeb";

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

  it("does not take numeric CSV for GAEB 90", () => {
    expect(detectTenderFormat(bytes("12;Boden;100\n13;Beton;20\n"), "export.csv")).toBe("unknown");
  });

  it("falls back to the extension for unrecognised content", () => {
    expect(detectTenderFormat(bytes("kaputt"), "Angebot.X84")).toBe("gaeb-xml");
    expect(detectTenderFormat(bytes("kaputt"), "lv.d83")).toBe("gaeb-90");
    expect(detectTenderFormat(bytes("kaputt"), "lv.p83")).toBe("gaeb-2000");
    expect(detectTenderFormat(bytes("kaputt"), "lv.pdf")).toBe("pdf");
    expect(detectTenderFormat(bytes("kaputt"), "lv.docx")).toBe("unknown");
  });
});
