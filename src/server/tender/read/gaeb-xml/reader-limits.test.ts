// GAEB XML caps (limits.ts): nesting depth and number of positions end as too_large with a
// German reason, before the reader spends time or memory on such a file.
import { describe, expect, it } from "vitest";
import { nestedGaeb } from "../../../../../tests/helpers/hostile-files";
import { GaebError } from "../../errors";
import { analyseTender } from "../../index";
import { DEFAULT_LIMITS } from "../../limits";
import { readGaebXml } from "./reader";
import { category, gaebXml, item, itemlist } from "../../testing/build-gaeb";

const TOO_LARGE = new GaebError("too_large").message;
const bytes = (xml: string) => Buffer.from(xml, "utf8");
const items = (n: number) =>
  itemlist(
    ...Array.from({ length: n }, (_, i) => item({ rno: String(i + 1).padStart(4, "0"), qty: "1", unit: "St", short: `Position ${i + 1}` })),
  );

function tooLarge(read: () => unknown): GaebError {
  try {
    read();
  } catch (err) {
    expect(err).toBeInstanceOf(GaebError);
    expect((err as GaebError).code).toBe("too_large");
    return err as GaebError;
  }
  throw new Error("no GaebError thrown");
}

describe("element nesting depth", () => {
  it("refuses 100 000 nested elements quickly with the German reason", () => {
    const started = performance.now();
    const err = tooLarge(() => readGaebXml(nestedGaeb(100_000)));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(err.message).toBe(`${TOO_LARGE} (Gefunden: XML-Elemente mehr als 200 Ebenen tief verschachtelt)`);
  });

  it("reads a file exactly at maxXmlDepth and refuses one level more", () => {
    // GAEB/Award/BoQ/BoQBody = 4 levels, then the nested elements.
    const limits = { ...DEFAULT_LIMITS, maxXmlDepth: 30 };
    expect(readGaebXml(nestedGaeb(26), limits).positions).toHaveLength(0);
    expect(tooLarge(() => readGaebXml(nestedGaeb(27), limits)).message).toContain("mehr als 30 Ebenen");
  });
});

describe("number of positions", () => {
  const file = bytes(gaebXml({ body: category("01", "Rohbau", items(9)) })); // 1 title + 9 items

  it("reads a file with exactly maxPositions positions and refuses one more", () => {
    expect(readGaebXml(file, { ...DEFAULT_LIMITS, maxPositions: 10 }).positions).toHaveLength(10);
    const err = tooLarge(() => readGaebXml(file, { ...DEFAULT_LIMITS, maxPositions: 9 }));
    expect(err.message).toBe(`${TOO_LARGE} (Gefunden: mehr als 9 Positionen)`);
  });

  it("writes the default cap the German way", () => {
    expect(new GaebError("too_large", "", `mehr als ${DEFAULT_LIMITS.maxPositions.toLocaleString("de-DE")} Positionen`).message).toContain(
      "mehr als 60.000 Positionen",
    );
  });

  it("analyseTender passes its limits to the GAEB reader", async () => {
    const result = await analyseTender(file, "lv.x83", { limits: { ...DEFAULT_LIMITS, maxPositions: 5 } });
    expect(result).toMatchObject({ status: "failed", format: "gaeb-xml", error: { code: "too_large" }, positions: [] });
    expect((await analyseTender(file, "lv.x83")).status).toBe("done");
  });
});
