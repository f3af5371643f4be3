// The reference price table of unpriced LVs (super admin): Preisstand, source, one row per line
// "ATV; Gewerk; Stichwörter; Einheit; von; bis" (net €), and the construction price index values
// that scale it ("JJJJ-Qn; Wert"). Saved tables price the LVs read afterwards; "Mitgelieferte
// Tabelle" goes back to the shipped one.
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { RotateCcw, Save } from "lucide-react";
import { formatDateTime } from "../../common/format";
import {
  linesToPoints,
  linesToRows,
  pointsToLines,
  referencePriceTableSchema,
  rowsToLines,
  type ReferencePricesResponse,
} from "../../common/schemas/reference-prices";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input, Textarea } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";

const KEY = ["/api/reference-prices"];
export const REFERENCE_SAVE_FAILED = "Die Richtwerttabelle konnte nicht gespeichert werden.";

interface FormState {
  stand: string;
  source: string;
  rows: string;
  indexName: string;
  indexSource: string;
  indexBase: string;
  points: string;
}

const toForm = (r: ReferencePricesResponse): FormState => ({
  stand: r.table.stand,
  source: r.table.source,
  rows: rowsToLines(r.table.rows),
  indexName: r.table.index.name,
  indexSource: r.table.index.source,
  indexBase: r.table.index.base,
  points: pointsToLines(r.table.index.points),
});

export function ReferencePricesPanel() {
  const { data, isLoading, isError } = useQuery<ReferencePricesResponse>({ queryKey: KEY });
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setForm(toForm(data));
  }, [data]);
  const set = (field: keyof FormState) => (e: { target: { value: string } }) => setForm((f) => (f ? { ...f, [field]: e.target.value } : f));

  const save = async () => {
    if (!form) return;
    const rows = linesToRows(form.rows);
    const points = linesToPoints(form.points);
    const parsed = referencePriceTableSchema.safeParse({
      stand: form.stand,
      source: form.source,
      rows: rows.rows,
      index: { name: form.indexName, source: form.indexSource, base: form.indexBase, points: points.points },
    });
    const problems = [
      ...rows.errors,
      ...points.errors,
      ...(parsed.success ? [] : parsed.error.issues.slice(0, 5).map((i) => `${i.path.join(" ")}: ${i.message}`)),
    ];
    setErrors(problems);
    if (problems.length || !parsed.success) return;
    setBusy(true);
    try {
      await apiRequest("PUT", "/api/reference-prices", parsed.data);
      toast({
        title: "Richtwerte gespeichert",
        description: "Unbepreiste Leistungsverzeichnisse, die ab jetzt gelesen werden, werden damit geschätzt.",
      });
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      toast({ title: "Fehler beim Speichern", description: errorMessage(err, REFERENCE_SAVE_FAILED), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    setBusy(true);
    try {
      await apiRequest("DELETE", "/api/reference-prices");
      toast({ title: "Mitgelieferte Richtwerte aktiv", description: "Die gespeicherte Tabelle wurde verworfen." });
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      toast({ title: "Fehler", description: errorMessage(err, REFERENCE_SAVE_FAILED), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Richtwerte für unbepreiste Leistungsverzeichnisse</CardTitle>
        <CardDescription>
          Einheitspreisspannen (von–bis, netto) je Leistung und Einheit. Ohne Preise in der Datei werden Angebotssumme und Beträge damit
          geschätzt und als „Schätzung (Richtwert)“ gekennzeichnet; ein Preis aus der Datei hat immer Vorrang. Indexwerte (z. B.
          Baupreisindex von Destatis) rechnen den Preisstand hoch – nur veröffentlichte Werte eintragen.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading || !form ? (
          isError ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              Die Richtwerte konnten nicht geladen werden.
            </p>
          ) : (
            <Skeleton className="h-72 w-full" />
          )
        ) : (
          <form
            className="space-y-4"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500" data-testid="reference-status">
              <Badge className="border-green-200 bg-green-50 text-green-800">Aktiv</Badge>
              {data?.isDefault
                ? "mitgelieferte Tabelle"
                : `gespeichert ${data?.updatedAt ? formatDateTime(data.updatedAt) : ""}${data?.updatedBy ? ` · @${data.updatedBy.username}` : ""}`}
            </p>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="ref-stand" label="Preisstand (JJJJ-Qn)">
                <Input id="ref-stand" value={form.stand} onChange={set("stand")} />
              </Field>
              <Field id="ref-source" label="Quelle">
                <Input id="ref-source" value={form.source} onChange={set("source")} />
              </Field>
            </div>
            <Field id="ref-rows" label="Zeilen: ATV; Gewerk; Stichwörter (mit „, “ getrennt); Einheit; von; bis">
              <Textarea id="ref-rows" rows={14} className="font-mono text-[13px]" value={form.rows} onChange={set("rows")} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="ref-index-name" label="Index">
                <Input id="ref-index-name" value={form.indexName} onChange={set("indexName")} />
              </Field>
              <Field id="ref-index-source" label="Quelle des Index">
                <Input id="ref-index-source" value={form.indexSource} onChange={set("indexSource")} />
              </Field>
              <Field id="ref-index-base" label="Basis">
                <Input id="ref-index-base" value={form.indexBase} onChange={set("indexBase")} />
              </Field>
            </div>
            <Field
              id="ref-points"
              label="Indexwerte: JJJJ-Qn; Wert (einer davon für den Preisstand)"
              hint="Leer lassen, solange keine veröffentlichten Werte vorliegen: dann wird der Preisstand der Tabelle angezeigt."
            >
              <Textarea id="ref-points" rows={4} className="font-mono text-[13px]" value={form.points} onChange={set("points")} />
            </Field>
            {errors.length ? (
              <ul role="alert" className="list-disc rounded-md border border-red-200 bg-red-50 p-3 pl-6 text-sm text-red-700">
                {errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" disabled={busy || data?.isDefault} onClick={() => void reset()}>
                <RotateCcw /> Mitgelieferte Tabelle
              </Button>
              <Button type="submit" disabled={busy}>
                <Save /> {busy ? "Wird gespeichert..." : "Speichern"}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
