// For an Excel/CSV LV whose header row was not recognised (or read wrongly): the user sees the
// first rows and says which column is the OZ, the short text, the quantity … The choice is stored
// with the file on the server and the file is read again.
import { useMemo, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Columns3 } from "lucide-react";
import { MAPPED_FIELD_LABELS, type ColumnMapping, type SheetPreview } from "../../common/schemas/boq";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Label } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { toast } from "../hooks/use-toast";
import { apiRequest, RequestError } from "../lib/api";
import { columnLetter, FIELDS, initialChoice, REQUIRED, toMapping, type Choice } from "./column-mapping";

export function ColumnMappingDialog({
  projectId,
  preview,
  open,
  onOpenChange,
}: {
  projectId: number;
  preview: SheetPreview;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const qc = useQueryClient();
  const width = useMemo(() => Math.max(0, ...preview.rows.map((r) => r.length)), [preview]);
  const [choice, setChoice] = useState<Choice>(() => initialChoice(preview.guess));
  const [headerRow, setHeaderRow] = useState(preview.guess?.headerRow != null ? String(preview.guess.headerRow) : "");
  const mapping = toMapping(choice, headerRow, preview.sheets.length > 1 ? preview.sheet : undefined);
  const save = useMutation({
    mutationFn: (m: ColumnMapping) => apiRequest("PUT", `/api/projects/${projectId}/boq/mapping`, m),
    onSuccess: async () => {
      toast({ title: "Spaltenzuordnung gespeichert", description: "Die Datei wird mit Ihrer Zuordnung neu gelesen." });
      onOpenChange(false);
      await qc.invalidateQueries({ queryKey: [`/api/projects/${projectId}/boq`] });
    },
    onError: (err) =>
      toast({
        title: "Speichern fehlgeschlagen",
        description: err instanceof RequestError ? (err.serverMessage ?? err.message) : String(err),
        variant: "destructive",
      }),
  });
  const columnOptions = Array.from({ length: width }, (_, i) => i);
  const labelOf = (i: number) => {
    const header = headerRow === "" ? "" : (preview.rows[Number(headerRow)]?.[i] ?? "");
    return `Spalte ${columnLetter(i)}${header ? ` – ${header.slice(0, 30)}` : ""}`;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Spalten zuordnen</DialogTitle>
          <DialogDescription>
            Ordnen Sie die Spalten der Tabelle{preview.sheets.length > 1 ? ` „${preview.sheet}“` : ""} den Feldern des
            Leistungsverzeichnisses zu. Zeilen mit OZ und Text, aber ohne Menge, werden als Titel gelesen.
          </DialogDescription>
        </DialogHeader>
        <div className="max-h-64 overflow-auto rounded-md border border-slate-200" tabIndex={0} aria-label="Vorschau der ersten Zeilen">
          <table className="w-full border-collapse text-xs">
            <thead className="sticky top-0 bg-slate-100">
              <tr>
                <th className="px-2 py-1 text-left font-medium text-slate-500">Zeile</th>
                {columnOptions.map((i) => (
                  <th key={i} className="px-2 py-1 text-left font-medium text-slate-600">
                    {columnLetter(i)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, r) => (
                <tr key={r} className={String(r) === headerRow ? "bg-brand-50 font-semibold" : "border-t border-slate-100"}>
                  <td className="px-2 py-1 tabular-nums text-slate-500">{r + 1}</td>
                  {columnOptions.map((i) => (
                    <td key={i} className="max-w-48 truncate px-2 py-1" title={row[i] ?? ""}>
                      {row[i] ?? ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-1.5">
            <Label htmlFor="mapping-header">Kopfzeile</Label>
            <NativeSelect id="mapping-header" value={headerRow} onChange={(e) => setHeaderRow(e.target.value)}>
              <option value="">Keine Kopfzeile</option>
              {preview.rows.map((_, r) => (
                <option key={r} value={String(r)}>
                  Zeile {r + 1}
                </option>
              ))}
            </NativeSelect>
          </div>
          {FIELDS.map((f) => (
            <div key={f} className="grid gap-1.5">
              <Label htmlFor={`mapping-${f}`}>
                {MAPPED_FIELD_LABELS[f]}
                {REQUIRED.includes(f) ? " *" : ""}
              </Label>
              <NativeSelect id={`mapping-${f}`} value={choice[f]} onChange={(e) => setChoice((c) => ({ ...c, [f]: e.target.value }))}>
                <option value="">{REQUIRED.includes(f) ? "Bitte wählen" : "Nicht vorhanden"}</option>
                {columnOptions.map((i) => (
                  <option key={i} value={String(i)}>
                    {labelOf(i)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ))}
        </div>
        {typeof mapping === "string" ? <p className="text-sm text-amber-700">{mapping}</p> : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Abbrechen
          </Button>
          <Button
            disabled={typeof mapping === "string" || save.isPending}
            onClick={() => typeof mapping !== "string" && save.mutate(mapping)}
          >
            <Columns3 className="size-4" /> Zuordnung übernehmen
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
