// A picture embedded in a long text (GAEB <image Type="image/jpeg">base64</image>, as in the BVBS
// test file's "Langtext mit Grafik") reads as "[Grafik]"; the base64 never reaches the text.
import { describe, expect, it } from "vitest";
import { readGaebXml } from "./reader";
import { category, item, itemlist } from "../../testing/build-gaeb";

const NS = "http://www.gaeb.de/GAEB_DA_XML/DA83/3.3";
const BASE64 = "/9j/4AAQSkZJRgABAQEBLAEsAAD//gAfTEVBRA==".repeat(2000);

const file = (body: string) =>
  new TextEncoder().encode(
    `<?xml version="1.0" encoding="UTF-8"?>\n<GAEB xmlns="${NS}"><GAEBInfo><Version>3.3</Version></GAEBInfo><Award><DP>83</DP>` +
      `<BoQ><BoQInfo><Name>LV</Name><BoQBkdn><Type>BoQLevel</Type></BoQBkdn><BoQBkdn><Type>Item</Type></BoQBkdn></BoQInfo><BoQBody>${body}</BoQBody></BoQ></Award></GAEB>`,
  );

describe("GAEB reader: embedded images", () => {
  it("puts [Grafik] in the long text instead of the base64, and reads on after it", () => {
    const long = `Boden lösen.</span></p><p><span>Langtext mit Grafik</span></p><p><image align="left" width="217" Type="image/jpeg" Name="bagger.jpg">${BASE64}</image></p><p><span>Danach weiter.`;
    const parsed = readGaebXml(
      file(
        category(
          "01",
          "Erdarbeiten",
          itemlist(
            item({ rno: "0010", qty: "10.000", unit: "m3", short: "Baugrube", long }),
            item({ rno: "0020", qty: "1.000", unit: "St", short: "Zweite", long: "Ohne Bild." }),
          ),
        ),
      ),
    );
    const items = parsed.positions.filter((p) => p.kind === "item");
    expect(items).toHaveLength(2);
    expect(items[0].longText).toContain("[Grafik]");
    expect(items[0].longText).toContain("Langtext mit Grafik");
    expect(items[0].longText).toContain("Danach weiter.");
    expect(items[0].longText).not.toContain("/9j/");
    expect(items[0].longText!.length).toBeLessThan(200);
    expect(items[1].longText).toBe("Ohne Bild.");
  });
});
