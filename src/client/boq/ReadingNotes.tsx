// Where the positions came from and what the reader could not read (page/row named); for a scan
// read with OCR a notice that the positions need checking.
import { useState, type ReactNode } from "react";
import { FORMAT_LABELS } from "./labels";
import type { BoqView } from "../../common/types";

const WARNINGS_SHOWN = 5;
const OCR_LABEL = "PDF-Scan (mit Texterkennung gelesen)";

export function ReadingNotes({ data, action }: { data: BoqView; action: ReactNode }) {
  const [all, setAll] = useState(false);
  const warnings = data.warnings ?? [];
  const shown = all ? warnings : warnings.slice(0, WARNINGS_SHOWN);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="boq-reading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">
          Gelesen als <strong>{data.ocr ? OCR_LABEL : (FORMAT_LABELS[data.format ?? ""] ?? data.format ?? "–")}</strong>
          {data.baseFileName ? <> · Preise in das LV „{data.baseFileName}“ übernommen</> : null}
        </p>
        {action}
      </div>
      {data.ocr ? (
        <p className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-amber-900" role="note" data-testid="boq-ocr-notice">
          <strong>Aus einem Scan gelesen:</strong> Die Positionen wurden mit Texterkennung (OCR) aus den Seitenbildern der PDF-Datei
          gelesen. Ordnungszahlen, Mengen, Einheiten und Texte können Lesefehler enthalten – bitte prüfen Sie sie mit dem Original, bevor
          Sie mit ihnen kalkulieren.
        </p>
      ) : null}
      {warnings.length ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-600" aria-label="Hinweise zum Einlesen">
          {shown.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      ) : null}
      {warnings.length > WARNINGS_SHOWN ? (
        <button type="button" className="mt-1 text-brand-700 underline" onClick={() => setAll((v) => !v)}>
          {all ? "Weniger anzeigen" : `Alle ${warnings.length} Hinweise anzeigen`}
        </button>
      ) : null}
    </div>
  );
}
