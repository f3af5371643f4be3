// Reading errors with a stable code for the program and a German message for the end user.

import type { SheetPreview } from "../../common/schemas/boq";

export type GaebErrorCode =
  | "empty"
  | "not_xml"
  | "malformed"
  | "truncated"
  | "wrong_root"
  | "dtd_forbidden"
  | "gaeb_2x"
  | "gaeb_90"
  | "gaeb_2000"
  | "unsupported_version"
  | "unsupported_phase"
  | "unknown_format"
  | "pdf_unreadable"
  | "pdf_encrypted"
  | "pdf_no_text"
  | "ocr_no_text"
  | "xls_unsupported"
  | "sheet_unreadable"
  | "sheet_encrypted"
  | "sheet_empty"
  | "sheet_no_header"
  | "price_only_without_base"
  | "too_large"
  | "reader_timeout"
  | "reader_memory";

/** Codes for formats we recognise but do not analyse (yet) – as opposed to broken files. */
export const UNSUPPORTED_CODES: ReadonlySet<GaebErrorCode> = new Set([
  "gaeb_2x",
  "gaeb_90",
  "gaeb_2000",
  "unsupported_version",
  "unsupported_phase",
  "unknown_format",
  "xls_unsupported",
]);

const EXPORT_HINT = "Bitte exportieren Sie das Leistungsverzeichnis aus Ihrem AVA-Programm als GAEB DA XML 3.x (z. B. .x83).";

const MESSAGES: Record<GaebErrorCode, string> = {
  empty: "Die Datei ist leer.",
  not_xml: "Die Datei ist weder eine GAEB-XML-Datei noch ein anderes bekanntes GAEB-Format.",
  malformed: `Die GAEB-Datei ist fehlerhaft aufgebaut und kann nicht gelesen werden. ${EXPORT_HINT}`,
  truncated:
    "Die GAEB-Datei ist unvollständig – sie endet mitten im Inhalt. Vermutlich wurde sie beim Export oder Hochladen abgeschnitten. Bitte laden Sie die Datei erneut hoch.",
  wrong_root: "Die Datei ist eine XML-Datei, aber keine GAEB-Datei.",
  dtd_forbidden:
    "Die Datei enthält eine DTD (DOCTYPE). Solche Dateien werden aus Sicherheitsgründen nicht verarbeitet; GAEB-DA-XML-Dateien benötigen keine DTD.",
  gaeb_2x: `Die Datei liegt im älteren Format GAEB DA XML 2.x vor. Dieses Format wird noch nicht automatisch analysiert. ${EXPORT_HINT}`,
  // Only when a GAEB 90/2000 file reaches the DA XML reader directly; analyseTender reads them.
  gaeb_90: `Die Datei liegt im Format GAEB 90 (.d8x) vor, nicht als GAEB DA XML. ${EXPORT_HINT}`,
  gaeb_2000: `Die Datei liegt im Format GAEB 2000 (.p8x) vor, nicht als GAEB DA XML. ${EXPORT_HINT}`,
  unsupported_version: "Diese GAEB-Version wird noch nicht automatisch analysiert. Unterstützt werden GAEB DA XML 3.0 bis 3.3.",
  unsupported_phase:
    "Diese GAEB-Datenaustauschphase wird nicht automatisch analysiert. Unterstützt werden die Phasen 81 bis 86 (87 und 89 eingeschränkt).",
  unknown_format:
    "Das Dateiformat wurde nicht erkannt. Unterstützt werden GAEB DA XML (.x81–.x86), GAEB 90 (.d81–.d86), GAEB 2000 (.p81–.p86), PDF, Excel (.xlsx) und CSV.",
  pdf_unreadable: "Die PDF-Datei konnte nicht gelesen werden (beschädigt oder kein gültiges PDF).",
  pdf_encrypted: "Die PDF-Datei ist passwortgeschützt. Bitte laden Sie eine Fassung ohne Kennwort oder die GAEB-Datei (.x83) hoch.",
  // Only when the OCR (Tesseract with its German model) is not installed; otherwise a scan is read.
  pdf_no_text: `Die PDF-Datei enthält keinen auslesbaren Text – vermutlich ist sie ein Scan. Eingescannte Leistungsverzeichnisse können hier nicht gelesen werden, weil die Texterkennung (Tesseract mit deutschem Sprachpaket) auf dem Server nicht installiert ist. Bitte laden Sie die GAEB-Datei (.x83) oder eine Excel-Fassung des LV hoch.`,
  ocr_no_text:
    "Die PDF-Datei ist ein Scan, aber die Texterkennung hat darin keinen Text gefunden. Bitte laden Sie einen besser lesbaren Scan, die GAEB-Datei (.x83) oder eine Excel-Fassung des LV hoch.",
  xls_unsupported:
    "Die Datei liegt im alten Excel-Format (.xls) vor. Bitte speichern Sie sie in Excel als .xlsx oder als CSV und laden Sie sie erneut hoch.",
  sheet_unreadable: "Die Excel-Datei konnte nicht gelesen werden (beschädigt oder kein gültiges .xlsx).",
  sheet_encrypted: "Die Excel-Datei ist passwortgeschützt. Bitte speichern Sie sie ohne Kennwort und laden Sie sie erneut hoch.",
  sheet_empty: "Die Tabelle enthält keine Zeilen mit Positionen.",
  sheet_no_header:
    "In der Tabelle wurde keine Kopfzeile mit Spalten wie OZ, Kurztext, Menge und Einheit gefunden. Bitte ordnen Sie die Spalten zu.",
  price_only_without_base:
    "Diese X84-Datei enthält nur Preise zu den Positionen, aber keine Mengen und Texte. Bitte laden Sie zuerst die zugehörige Ausschreibung (X83) hoch; danach werden die Preise übernommen.",
  too_large: "Die Datei ist zu umfangreich, um automatisch gelesen zu werden.",
  reader_timeout:
    "Das Lesen der Datei hat zu lange gedauert und wurde abgebrochen. Bitte prüfen Sie die Datei oder laden Sie die GAEB-Datei (.x83) hoch.",
  reader_memory:
    "Die Datei benötigt beim Lesen zu viel Speicher und wurde abgebrochen (z. B. stark komprimierte Inhalte). Bitte prüfen Sie die Datei oder laden Sie die GAEB-Datei (.x83) hoch.",
};

export class GaebError extends Error {
  readonly code: GaebErrorCode;
  /** For sheet_no_header: the first rows, so the user can map the columns. */
  preview?: SheetPreview;
  /** Technical detail for logs (parser message, found version …); never shown to the user. */
  readonly detail: string | undefined;

  /** @param found what the file contained instead (version, phase, root element), shown to the user */
  constructor(code: GaebErrorCode, detail?: string, found?: string) {
    super(found ? `${MESSAGES[code]} (Gefunden: ${found})` : MESSAGES[code]);
    this.name = "GaebError";
    this.code = code;
    this.detail = detail;
  }
}
