// The column-mapping dialog's choice → the ColumnMapping the server validates with the same schema.
import { MAPPED_FIELD_LABELS, type ColumnMapping, type MappedField } from "../../common/schemas/boq";

export const FIELDS = Object.keys(MAPPED_FIELD_LABELS) as MappedField[];
export const REQUIRED: MappedField[] = ["oz", "shortText"];

/** Spreadsheet column letters: 0 → A, 26 → AA. */
export const columnLetter = (i: number): string =>
  (i < 26 ? "" : columnLetter(Math.floor(i / 26) - 1)) + String.fromCharCode(65 + (i % 26));

/** Per field the chosen column index as a string, "" for none (what the selects hold). */
export type Choice = Record<MappedField, string>;

export const initialChoice = (guess: ColumnMapping | null): Choice =>
  Object.fromEntries(FIELDS.map((f) => [f, guess?.columns[f] != null ? String(guess.columns[f]) : ""])) as Choice;

/** The mapping the server expects, or the German reason why the choice is not complete. */
export function toMapping(choice: Choice, headerRow: string, sheet: string | undefined): ColumnMapping | string {
  const missing = REQUIRED.filter((f) => choice[f] === "");
  if (missing.length) return `Bitte wählen Sie die Spalte für ${missing.map((f) => MAPPED_FIELD_LABELS[f]).join(" und ")}.`;
  const used = FIELDS.filter((f) => choice[f] !== "").map((f) => choice[f]);
  if (new Set(used).size !== used.length) return "Jede Spalte kann nur einem Feld zugeordnet werden.";
  const columns = Object.fromEntries(FIELDS.map((f) => [f, choice[f] === "" ? null : Number(choice[f])])) as ColumnMapping["columns"];
  return { ...(sheet ? { sheet } : {}), headerRow: headerRow === "" ? null : Number(headerRow), columns };
}
