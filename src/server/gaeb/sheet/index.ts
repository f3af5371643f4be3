// Excel (.xlsx) and CSV LVs. Placeholder until the sheet reader lands.
import type { ColumnMapping, SheetPreview } from "../../../common/schemas/boq";
import { GaebError } from "../errors";
import type { ReadLimits } from "../limits";
import type { ParsedTender } from "../types";

export interface SheetReadOptions {
  mapping: ColumnMapping | null;
  limits: ReadLimits;
}

export type ParsedSheet = ParsedTender & { sheetPreview?: SheetPreview; mapping?: ColumnMapping };

export async function readTenderSheet(_buffer: Uint8Array, _fileName: string, _format: "xlsx" | "csv", _options: SheetReadOptions): Promise<ParsedSheet> {
  throw new GaebError("sheet_unreadable", "sheet reader not implemented yet");
}
