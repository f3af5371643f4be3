// Caps on what one tender file may make the reader do. They bound memory and time for hostile or
// absurd files (decompression bombs, 50 000-row sheets, 5 000 columns) well inside the 10 MB
// upload limit; a file that hits one ends as "failed" with a German reason, never a crash.

export interface ReadLimits {
  /** Positions (items, titles, remarks) in one LV. */
  maxPositions: number;
  /** Bytes all compressed parts of a file may inflate to (PDF streams, XLSX zip entries). */
  maxDecodedBytes: number;
  /** Pages of a PDF that are read. */
  maxPdfPages: number;
  /** Text runs over all pages of a PDF. */
  maxPdfTextItems: number;
  /** Rows of a sheet or CSV file. */
  maxSheetRows: number;
  /** Columns of a sheet or CSV file. */
  maxSheetColumns: number;
  /** Entries in an XLSX zip container. */
  maxZipEntries: number;
  /** Element nesting depth of a GAEB XML file. */
  maxXmlDepth: number;
  /** Pages of a scanned PDF (no text layer) that are read with OCR. */
  maxOcrPages: number;
  /** Time all OCR of one PDF may take; below the reader thread's timeout (READER_TIMEOUT_MS, 120 s). */
  ocrTimeMs: number;
}

export const DEFAULT_LIMITS: ReadLimits = {
  maxPositions: 60_000,
  maxDecodedBytes: 200 * 1024 * 1024,
  maxPdfPages: 2_000,
  maxPdfTextItems: 2_000_000,
  maxSheetRows: 100_000,
  maxSheetColumns: 200,
  maxZipEntries: 2_000,
  maxXmlDepth: 200,
  // About 3–8 s per page on a shared 2-core machine: 50 pages fit only on a faster one.
  maxOcrPages: 50,
  ocrTimeMs: 90_000,
};
