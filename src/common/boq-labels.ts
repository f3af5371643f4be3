// German names of the position kinds and flags the reader reports (the `kinds` of a position):
// the LV tab's badges and the XLSX export use the same words.
export const POSITION_BADGES: Record<string, string> = {
  provisionalWithoutTotal: "Bedarfsposition (ohne GB)",
  provisionalWithTotal: "Bedarfsposition (mit GB)",
  alternative: "Wahlposition",
  base: "Grundposition",
  lumpSum: "Pauschal",
  hourly: "Stundenlohn",
  keyItem: "Schwerpunkt",
  qtyTBD: "Menge durch Bieter",
  notApplicable: "Entfällt",
  notOffered: "Nicht angeboten",
  changeOrder: "Nachtrag",
  bidderGap: "Bieterangabe offen",
};
