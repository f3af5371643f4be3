// The LV tab's German labels for formats, position kinds and finding severities. The JSON itself is
// typed from its schema (BoqView and friends in src/common/types.ts).
/** How the file was read, in the words of the LV tab. */
export const FORMAT_LABELS: Record<string, string> = {
  "gaeb-xml": "GAEB DA XML",
  "gaeb-90": "GAEB 90",
  "gaeb-2000": "GAEB 2000",
  pdf: "PDF (aus dem Druckbild gelesen)",
  xlsx: "Excel-Tabelle",
  csv: "CSV-Tabelle",
};

/** German labels of the position kinds the reader reports. */
export const KIND_LABELS: Record<string, string> = {
  items: "Positionen",
  lots: "Lose",
  titles: "Titel",
  provisional: "Bedarfs-/Eventualpositionen",
  alternative: "Wahlpositionen",
  lumpSum: "Pauschalpositionen",
  hourly: "Stundenlohnpositionen",
  keyItems: "Schwerpunktpositionen",
  qtyTBD: "Menge durch Bieter",
  notApplicable: "Entfallene Positionen",
  notOffered: "Nicht angeboten",
  changeOrders: "Nachtragspositionen",
  bidderGaps: "Offene Bieterangaben",
};

export { POSITION_BADGES } from "../../common/boq-labels";

export const SEVERITY_STYLES = {
  // "Risiko" is the money at stake (a possible loss) on every screen; the severity reads "Kritisch".
  risiko: { label: "Kritisch", className: "bg-red-100 text-red-800 border-red-200", bar: "bg-red-500" },
  warnung: { label: "Warnung", className: "bg-amber-100 text-amber-800 border-amber-200", bar: "bg-amber-500" },
  hinweis: { label: "Hinweis", className: "bg-blue-100 text-blue-800 border-blue-200", bar: "bg-blue-500" },
} as const;
