// German count phrases: "1 Befund", "2 Befunde", "0 Risiken". The UI and the draft say counts
// through here so no screen reads "1 Befunde" or "2 Risiko".

/** The singular for exactly 1 (also -1), the plural otherwise (0 included, as German does). */
export const plural = (n: number, singular: string, pluralForm: string) => (Math.abs(n) === 1 ? singular : pluralForm);

/** "3 Befunde", with the number in German digits ("1.234 Positionen"). */
export const countLabel = (n: number, singular: string, pluralForm: string) => `${n.toLocaleString("de-DE")} ${plural(n, singular, pluralForm)}`;
