// Hostile, broken and foreign files must end in a clean GaebError – never in entity expansion,
// a file read, a crash or a misread LV. Plus the encodings found in the field.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { GaebError, type GaebErrorCode } from "../../errors";
import { readGaebXml } from "./reader";
import { GAEB_2000_SAMPLE, gaeb90Sample, gaebXml, item, itemlist } from "../../testing/build-gaeb";

function errorOf(input: string | Buffer): GaebError {
  try {
    readGaebXml(typeof input === "string" ? Buffer.from(input, "utf8") : input);
  } catch (err) {
    expect(err).toBeInstanceOf(GaebError);
    return err as GaebError;
  }
  throw new Error("expected a GaebError");
}
const codeOf = (input: string | Buffer): GaebErrorCode => errorOf(input).code;

describe("DTDs and entities", () => {
  it("refuses a billion-laughs document quickly, without expanding anything", () => {
    const entities = Array.from({ length: 9 }, (_, i) => {
      const ref = i === 0 ? "lol" : `&lol${i - 1};`.repeat(10);
      return `<!ENTITY lol${i} "${ref}">`;
    }).join("");
    const started = performance.now();
    const err = errorOf(`<?xml version="1.0"?><!DOCTYPE GAEB [${entities}]><GAEB>&lol8;</GAEB>`);
    expect(err.code).toBe("dtd_forbidden");
    expect(performance.now() - started).toBeLessThan(200);
  });

  it("refuses an external entity (XXE) and never reads the file", () => {
    const err = errorOf(
      `<?xml version="1.0"?><!DOCTYPE GAEB [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>` +
        `<GAEB xmlns="http://www.gaeb.de/GAEB_DA_XML/DA83/3.3"><PrjInfo><NamePrj>&xxe;</NamePrj></PrjInfo></GAEB>`,
    );
    expect(err.code).toBe("dtd_forbidden");
    expect(err.message).not.toContain("root:");
    expect(err.message).toContain("DTD");
  });

  it("refuses an external DTD", () => {
    expect(codeOf(`<?xml version="1.0"?><!DOCTYPE GAEB SYSTEM "http://example.com/gaeb.dtd"><GAEB/>`)).toBe("dtd_forbidden");
  });

  it("treats an undeclared entity as a malformed file", () => {
    expect(codeOf(`<GAEB><PrjInfo><NamePrj>&nbsp;</NamePrj></PrjInfo></GAEB>`)).toBe("malformed");
  });
});

describe("broken files", () => {
  it("reports a truncated file", () => {
    const full = readFileSync(new URL("../../fixtures/boq.x83", import.meta.url));
    const err = errorOf(full.subarray(0, Math.floor(full.length / 2)));
    expect(err.code).toBe("truncated");
    expect(err.message).toContain("unvollständig");
  });

  it("reports a file cut inside a multi-byte character as truncated, not as Windows-1252", () => {
    const bytes = Buffer.from(gaebXml({ body: itemlist(item({ rno: "1", short: "Bodenplatte für Halle" })) }), "utf8");
    const cut = bytes.indexOf(Buffer.from("ü")) + 1;
    expect(codeOf(bytes.subarray(0, cut))).toBe("truncated");
  });

  it("reports a malformed document", () => {
    expect(codeOf(`<GAEB><Award></BoQ></Award></GAEB>`)).toBe("malformed");
  });

  it("reports empty files and non-XML content", () => {
    expect(codeOf(Buffer.alloc(0))).toBe("empty");
    expect(codeOf("  \r\n ")).toBe("empty");
    expect(codeOf("Hallo Welt, das ist kein LV.")).toBe("not_xml");
    expect(codeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("not_xml");
  });

  it("reports a wrong root element by name", () => {
    const err = errorOf(`<?xml version="1.0"?><html><body>LV</body></html>`);
    expect(err.code).toBe("wrong_root");
    expect(err.message).toContain("„html“");
  });
});

describe("other GAEB formats are recognised, not misread", () => {
  it("GAEB DA XML 2.x with German element names", () => {
    const err = errorOf(
      `<?xml version="1.0"?><GAEB><Vergabe><Leistungsverzeichnis><Position><Kurztext>Boden</Kurztext><Menge>1</Menge></Position></Leistungsverzeichnis></Vergabe></GAEB>`,
    );
    expect(err.code).toBe("gaeb_2x");
    expect(err.message).toContain("wird noch nicht automatisch analysiert");
    expect(codeOf(`<Leistungsverzeichnis><Position/></Leistungsverzeichnis>`)).toBe("gaeb_2x");
    expect(codeOf(`<GAEB><GAEBInfo><Version>2.1</Version></GAEBInfo></GAEB>`)).toBe("gaeb_2x");
  });

  it("GAEB 90 fixed-length records", () => {
    const err = errorOf(gaeb90Sample());
    expect(err.code).toBe("gaeb_90");
    expect(err.message).toContain("GAEB 90");
  });

  it("GAEB 2000 #begin blocks", () => {
    expect(codeOf(GAEB_2000_SAMPLE)).toBe("gaeb_2000");
  });

  it("versions and phases outside 3.0–3.3 / 81–89", () => {
    expect(codeOf(gaebXml({ namespace: "http://www.gaeb.de/GAEB_DA_XML/DA83/3.4", body: "" }))).toBe("unsupported_version");
    expect(codeOf(`<GAEB><GAEBInfo><Version>4.0</Version></GAEBInfo></GAEB>`)).toBe("unsupported_version");
    const phase = errorOf(gaebXml({ dp: "31", body: "" }));
    expect(phase.code).toBe("unsupported_phase");
    expect(phase.message).toContain("Phase 31");
  });
});

describe("encodings", () => {
  const withText = (text: string, encoding = "UTF-8") => gaebXml({ encoding, body: itemlist(item({ rno: "1", short: text })) });
  const shortText = (bytes: Buffer) => readGaebXml(bytes).positions[0].shortText;

  it("decodes Windows-1252 bytes mislabelled as UTF-8 and says so", () => {
    const bytes = Buffer.from(withText("Boden lösen, Maße prüfen"), "latin1"); // ö = 0xF6, ß = 0xDF, ü = 0xFC
    expect(bytes.includes(0xf6)).toBe(true);
    const parsed = readGaebXml(bytes);
    expect(parsed.positions[0].shortText).toBe("Boden lösen, Maße prüfen");
    expect(parsed.warnings.join(" ")).toContain("Windows-1252");
  });

  it("decodes a lone 0xE4 byte as ä", () => {
    const [before, after] = withText("Gel@nder").split("@");
    const bytes = Buffer.concat([Buffer.from(before, "utf8"), Buffer.from([0xe4]), Buffer.from(after, "utf8")]);
    expect(shortText(bytes)).toBe("Geländer");
  });

  it("honours ISO-8859-1 and windows-1252 declarations", () => {
    expect(shortText(Buffer.from(withText("Türzarge", "ISO-8859-1"), "latin1"))).toBe("Türzarge");
    const euro = Buffer.from(withText("Preis in @", "windows-1252"), "latin1");
    euro[euro.indexOf("@")] = 0x80; // € in Windows-1252
    const parsed = readGaebXml(euro);
    expect(parsed.positions[0].shortText).toBe("Preis in €");
    expect(parsed.warnings.join(" ")).not.toContain("Windows-1252");
  });

  it("accepts UTF-8 with and without BOM, and UTF-16 with BOM", () => {
    const xml = withText("Fußbodenheizung");
    expect(shortText(Buffer.from(xml, "utf8"))).toBe("Fußbodenheizung");
    expect(shortText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, "utf8")]))).toBe("Fußbodenheizung");
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace("UTF-8", "UTF-16"), "utf16le")]);
    expect(shortText(utf16)).toBe("Fußbodenheizung");
  });

  it("drops control characters that XML forbids", () => {
    expect(shortText(Buffer.from(withText("Wand\u000Cputz"), "utf8"))).toBe("Wandputz");
  });
});
