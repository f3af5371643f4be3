// The LV tab's reading notes: a scan read with OCR is named as such, with the notice to check it.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ReadingNotes } from "./ReadingNotes";
import type { BoqView } from "../../common/types";

const response = (extra: Partial<BoqView>): BoqView => ({
  status: "done",
  format: "pdf",
  phase: null,
  positions: [],
  counts: null,
  chargeablePositions: 0,
  prices: null,
  warnings: ["Die Positionen wurden aus dem Layout der PDF-Datei erkannt."],
  ...extra,
});

const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("ReadingNotes", () => {
  it("a scan read with OCR: named as a scan, with the notice that the positions need checking", () => {
    const html = renderToStaticMarkup(<ReadingNotes data={response({ ocr: true })} action={null} />);
    expect(text(html)).toContain("Gelesen als PDF-Scan (mit Texterkennung gelesen)");
    expect(html).toContain('data-testid="boq-ocr-notice"');
    expect(text(html)).toContain(
      "Aus einem Scan gelesen: Die Positionen wurden mit Texterkennung (OCR) aus den Seitenbildern der PDF-Datei gelesen. Ordnungszahlen, Mengen, Einheiten und Texte können Lesefehler enthalten – bitte prüfen Sie sie mit dem Original, bevor Sie mit ihnen kalkulieren.",
    );
  });

  it("a PDF with a text layer: no scan notice", () => {
    const html = renderToStaticMarkup(<ReadingNotes data={response({})} action={null} />);
    expect(text(html)).toContain("Gelesen als PDF (aus dem Druckbild gelesen)");
    expect(html).not.toContain("boq-ocr-notice");
  });
});
