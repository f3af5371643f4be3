// German counts with the right noun form: "1 Risiko", "3 Risiken", "1 Wahlposition", "6 Titel".
// Client, server and the tender engine use the same table, so a summary never says "1 Risiken".

/** Singular → plural of the nouns the product counts; nouns not listed take the form given. */
export const GERMAN_PLURALS: Record<string, string> = {
  Risiko: "Risiken",
  Chance: "Chancen",
  Befund: "Befunde",
  Position: "Positionen",
  Wahlposition: "Wahlpositionen",
  Bedarfsposition: "Bedarfspositionen",
  Grundposition: "Grundpositionen",
  Pauschalposition: "Pauschalpositionen",
  Stundenlohnposition: "Stundenlohnpositionen",
  Titel: "Titel",
  Los: "Lose",
  Hinweis: "Hinweise",
  Warnung: "Warnungen",
  Frage: "Fragen",
  Bieterfrage: "Bieterfragen",
  Mengenfehler: "Mengenfehler",
  Menge: "Mengen",
  Klausel: "Klauseln",
  Jahr: "Jahre",
  Tag: "Tage",
};

/** The noun for a count: plural(1, "Risiko") = "Risiko", plural(2, "Risiko") = "Risiken". */
export function plural(n: number, singular: string, pluralForm?: string): string {
  return Math.abs(n) === 1 ? singular : (pluralForm ?? GERMAN_PLURALS[singular] ?? singular);
}

/** The count with its noun: countOf(1, "Wahlposition") = "1 Wahlposition", countOf(6, "Titel") = "6 Titel". */
export function countNoun(n: number, singular: string, pluralForm?: string): string {
  return `${n.toLocaleString("de-DE")} ${plural(n, singular, pluralForm)}`;
}
