// Position kinds, lenient reading, version/phase detection and totals on generated documents.

import { describe, expect, it } from "vitest";
import { readGaebXml } from "./reader";
import { category, gaebXml, item, itemlist } from "../../testing/build-gaeb";

const read = (xml: string) => readGaebXml(Buffer.from(xml, "utf8"));
const items = (xml: string) => read(xml).positions.filter((p) => p.kind === "item");

describe("position kinds", () => {
  it("reads every flag of GAEB.md", () => {
    const [withoutTotal, key, changeOrder, notAppl, notOffered, qtyTBD, base] = items(
      gaebXml({
        dp: "84",
        body: itemlist(
          item({ rno: "1", extra: "<Provis>WithoutTotal</Provis>" }),
          item({ rno: "2", extra: "<KeyIt>Yes</KeyIt>" }),
          item({ rno: "3", extra: "<CONo>N7</CONo><COStatus>Confirmed</COStatus>" }),
          item({ rno: "4", extra: "<NotAppl>Yes</NotAppl>" }),
          item({ rno: "5", extra: "<NotOffered>Yes</NotOffered>" }),
          item({ rno: "6", extra: "<QtyTBD/>" }),
          item({ rno: "7", extra: "<ALNGroupNo>2</ALNGroupNo><ALNSerNo>0</ALNSerNo>" }),
        ),
      }),
    );
    expect(withoutTotal.flags.provisional).toBe("WithoutTotal");
    expect(key.flags.keyItem).toBe(true);
    expect(changeOrder.flags.changeOrder).toEqual({ number: "N7", status: "Confirmed" });
    expect(notAppl.flags.notApplicable).toBe(true);
    expect(notOffered.flags.notOffered).toBe(true);
    expect(qtyTBD.flags.qtyTBD).toBe(true);
    expect(base.flags.alternative).toEqual({ group: "2", serial: 0 });
  });

  it("marks everything below a NotApplBoQ section as not applicable", () => {
    const parsed = read(
      gaebXml({
        body: category(
          "01",
          "Entfällt",
          category("01", "Unter", itemlist(item({ rno: "1", qty: "1", unit: "St" }))),
          "<NotApplBoQ>Yes</NotApplBoQ>",
        ),
      }),
    );
    expect(parsed.positions.map((p) => [p.oz, p.flags.notApplicable])).toEqual([
      ["01", true],
      ["01.01", true],
      ["01.01.1", true],
    ]);
  });

  it("makes top-level categories lots when the breakdown starts with Lot", () => {
    const parsed = read(
      gaebXml({
        breakdown: ["Lot", "BoQLevel", "Item"],
        body: category("1", "Los 1", category("01", "Titel", itemlist(item({ rno: "0010" })))),
      }),
    );
    expect(parsed.positions.map((p) => [p.kind, p.oz])).toEqual([
      ["lot", "1"],
      ["title", "1.01"],
      ["item", "1.01.0010"],
    ]);
  });

  it("keeps items with a letter index apart", () => {
    const ozs = items(gaebXml({ body: itemlist(item({ rno: "0010" }), item({ rno: "0010", index: "A" })) })).map((p) => p.oz);
    expect(ozs).toEqual(["0010", "0010.A"]);
  });
});

describe("lenient reading", () => {
  it("accepts comma decimals and namespace prefixes", () => {
    const xml = `<?xml version="1.0"?><g:GAEB xmlns:g="http://www.gaeb.de/GAEB_DA_XML/DA84/3.2"><g:Award><g:DP>84</g:DP><g:BoQ><g:BoQBody><g:Itemlist>
      <g:Item RNoPart="1"><g:Qty>1.234,5</g:Qty><g:QU>m2</g:QU><g:UP>12,5</g:UP></g:Item>
    </g:Itemlist></g:BoQBody></g:BoQ></g:Award></g:GAEB>`;
    const parsed = read(xml);
    expect(parsed.version).toBe("3.2");
    expect(parsed.positions[0]).toMatchObject({ qty: 1234.5, unit: "m2", unitPrice: 12.5 });
  });

  it("numbers items without RNoPart with placeholders and warns", () => {
    const parsed = read(gaebXml({ body: itemlist("<Item><Qty>1</Qty></Item>", "<Item><Qty>2</Qty></Item>") }));
    expect(parsed.positions.map((p) => p.oz)).toEqual(["?1", "?2"]);
    expect(parsed.warnings[0]).toContain("keine Ordnungszahl");
  });

  it("warns about repeated OZ", () => {
    const parsed = read(gaebXml({ body: itemlist(item({ rno: "1", short: "a" }), item({ rno: "1", short: "b" })) }));
    expect(parsed.warnings).toContain("Folgende Ordnungszahlen kommen mehrfach vor: 1.");
  });

  it("takes the unit price from its components when UP is missing", () => {
    const [p] = items(
      gaebXml({ dp: "84", body: itemlist(item({ rno: "1", qty: "2", extra: "<UPComp1>10.5</UPComp1><UPComp2>4.25</UPComp2>" })) }),
    );
    expect(p.unitPrice).toBe(14.75);
    expect(p.total).toBe(29.5);
    expect(p.totalComputed).toBe(true);
  });
});

describe("version and phase", () => {
  it("reads 3.0/3.1 files from the 200407 namespace with GAEBInfo/Version", () => {
    const parsed = read(gaebXml({ namespace: "http://www.gaeb.de/GAEB_DA_XML/200407", version: "3.1", dp: "83", body: "" }));
    expect(parsed.version).toBe("3.1");
    expect(parsed.phase).toBe(83);
  });

  it("lets Award/DP win over the namespace and says so", () => {
    const parsed = read(gaebXml({ dp: "84", body: "" }));
    expect(parsed.phase).toBe(84);
    expect(parsed.warnings.join(" ")).toContain("Award/DP (84)");
  });

  it("reads phase 86 and phases 87/89 leniently", () => {
    expect(read(gaebXml({ dp: "86", body: "" })).phase).toBe(86);
    const invoice = read(gaebXml({ dp: "89", body: itemlist(item({ rno: "1", qty: "1" })) }));
    expect(invoice.phase).toBe(89);
    expect(invoice.positions).toHaveLength(1);
    expect(invoice.warnings.join(" ")).toContain("Phase 89 wird nur eingeschränkt ausgewertet");
  });
});

describe("totals", () => {
  it("leaves out WithoutTotal, alternatives, not applicable and not offered items; computes missing IT", () => {
    const parsed = read(
      gaebXml({
        dp: "84",
        body:
          category(
            "01",
            "A",
            itemlist(
              item({ rno: "1", qty: "3", up: "10.005" }), // computed: 30.015 → 30.02
              item({ rno: "2", it: "100.00", extra: "<Provis>WithTotal</Provis>" }),
              item({ rno: "3", it: "1000.00", extra: "<Provis>WithoutTotal</Provis>" }),
              item({ rno: "4", it: "50.00", extra: "<ALNGroupNo>1</ALNGroupNo><ALNSerNo>0</ALNSerNo>" }),
              item({ rno: "5", it: "70.00", extra: "<ALNGroupNo>1</ALNGroupNo><ALNSerNo>1</ALNSerNo>" }),
            ),
          ) +
          category(
            "02",
            "B",
            itemlist(
              item({ rno: "1", it: "0.10" }),
              item({ rno: "2", it: "0.20" }),
              item({ rno: "3", it: "999.00", extra: "<NotAppl>Yes</NotAppl>" }),
              item({ rno: "4", it: "999.00", extra: "<NotOffered>Yes</NotOffered>" }),
            ),
          ),
      }),
    );
    const byOz = new Map(parsed.positions.map((p) => [p.oz, p]));
    expect(byOz.get("01.1")).toMatchObject({ total: 30.02, totalComputed: true });
    expect(byOz.get("01")?.total).toBe(180.02);
    // 0.1 + 0.2 summed in cents, without floating-point residue.
    expect(byOz.get("02")?.total).toBe(0.3);
    expect(parsed.totals).toEqual({ total: 180.32, stated: null, pricedItems: 5, computedItems: 1 });
  });

  it("warns when the stated total differs from the sum", () => {
    const xml = gaebXml({ dp: "84", body: itemlist(item({ rno: "1", it: "10.00" })) }).replace(
      "<Name>Test-LV</Name>",
      "<Name>Test-LV</Name><Totals><Total>12.00</Total></Totals>",
    );
    expect(read(xml).warnings).toContain("Die Summe laut Datei (12.00) weicht von der Summe der Positionen (10.00) ab.");
  });
});
