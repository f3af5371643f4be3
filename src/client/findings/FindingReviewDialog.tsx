// One dialog for every review step on a finding: bestätigen (with a remark), verwerfen (with a
// reason), ändern (title, text, severity, amount), and an expert's own finding. The body is
// checked with the server's schema before it is sent.
import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  FINDING_SEVERITIES,
  findingDecisionSchema,
  ownFindingSchema,
  type FindingDecision,
  type FindingSeverity,
} from "../../common/schemas/finding-review";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input, Textarea } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { SEVERITY_STYLES } from "../boq/labels";
import type { BoqFinding } from "../../common/types";

export type ReviewMode = FindingDecision | "own";

const TITLES: Record<ReviewMode, string> = {
  confirmed: "Befund bestätigen",
  rejected: "Befund verwerfen",
  changed: "Befund ändern",
  own: "Eigenen Befund hinzufügen",
};

/** "1.234,50" or "1234.5" → 1234.5; "" → null; anything else → NaN (the schema's message). */
export function parseEuro(text: string): number | null {
  const t = text.trim().replace(/\s|€/g, "");
  if (!t) return null;
  const normalised = /,\d{1,2}$/.test(t) ? t.replace(/\./g, "").replace(",", ".") : t.replace(/,/g, "");
  return /^\d+(\.\d+)?$/.test(normalised) ? Number(normalised) : Number.NaN;
}

const euroText = (n: number | null | undefined) => (n == null ? "" : n.toLocaleString("de-DE", { maximumFractionDigits: 2 }));

export function FindingReviewDialog({
  projectId,
  finding,
  mode,
  onClose,
}: {
  projectId: number;
  finding: BoqFinding | null;
  mode: ReviewMode;
  onClose: () => void;
}) {
  const qc = useQueryClient();
  const [title, setTitle] = useState(finding?.title ?? "");
  const [why, setWhy] = useState(finding?.why ?? "");
  const [severity, setSeverity] = useState<FindingSeverity>(finding?.severity ?? "warnung");
  const [amount, setAmount] = useState(euroText(finding?.potentialEur));
  const [oz, setOz] = useState(finding?.oz ?? "");
  const [reason, setReason] = useState(finding?.review?.reason ?? "");
  const [remark, setRemark] = useState(finding?.review?.remark ?? "");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const editing = mode === "changed" || mode === "own";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const potentialEur = parseEuro(amount);
    const body =
      mode === "own"
        ? { oz: oz.trim() || undefined, title, why, severity, potentialEur, remark: remark || undefined }
        : {
            decision: mode,
            remark,
            ...(mode === "rejected" ? { reason } : {}),
            ...(mode === "changed" ? { title, why, severity, potentialEur } : {}),
          };
    const parsed = (mode === "own" ? ownFindingSchema : findingDecisionSchema).safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Bitte prüfen Sie die Eingaben.");
      return;
    }
    setBusy(true);
    try {
      if (mode === "own") await apiRequest("POST", `/api/projects/${projectId}/findings`, parsed.data);
      else await apiRequest("PATCH", `/api/projects/${projectId}/findings/${finding!.id}`, parsed.data);
      await qc.invalidateQueries({ queryKey: [`/api/projects/${projectId}/boq`] });
      await qc.invalidateQueries({ queryKey: [`/api/projects/${projectId}`] });
      toast({ title: mode === "own" ? "Befund hinzugefügt" : "Prüfung gespeichert" });
      onClose();
    } catch (err) {
      setError(errorMessage(err, "Die Prüfung konnte nicht gespeichert werden."));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => (o ? null : onClose())}>
      <DialogContent className="max-w-xl">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{TITLES[mode]}</DialogTitle>
            <DialogDescription>
              {finding
                ? `${finding.oz ? `OZ ${finding.oz} · ` : "Gesamtes LV · "}${finding.title}`
                : "Ein Befund, den die automatische Vorprüfung nicht gefunden hat."}
            </DialogDescription>
          </DialogHeader>
          {mode === "own" ? (
            <div className="space-y-1.5">
              <Label htmlFor="review-oz">OZ (leer: gesamtes LV)</Label>
              <Input id="review-oz" value={oz} onChange={(e) => setOz(e.target.value)} />
            </div>
          ) : null}
          {editing ? (
            <>
              <div className="space-y-1.5">
                <Label htmlFor="review-title">Titel</Label>
                <Input id="review-title" value={title} onChange={(e) => setTitle(e.target.value)} />
              </div>
              <div className="space-y-1.5">
                <Label htmlFor="review-why">Begründung</Label>
                <Textarea id="review-why" value={why} rows={4} onChange={(e) => setWhy(e.target.value)} />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div className="space-y-1.5">
                  <Label htmlFor="review-severity">Schweregrad</Label>
                  <NativeSelect id="review-severity" value={severity} onChange={(e) => setSeverity(e.target.value as FindingSeverity)}>
                    {FINDING_SEVERITIES.map((s) => (
                      <option key={s} value={s}>
                        {SEVERITY_STYLES[s].label}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
                <div className="space-y-1.5">
                  <Label htmlFor="review-amount">Betrag in € (netto, optional)</Label>
                  <Input id="review-amount" inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                </div>
              </div>
            </>
          ) : null}
          {mode === "rejected" ? (
            <div className="space-y-1.5">
              <Label htmlFor="review-reason">Grund (nur intern sichtbar)</Label>
              <Textarea id="review-reason" value={reason} rows={3} onChange={(e) => setReason(e.target.value)} />
            </div>
          ) : null}
          {mode !== "rejected" ? (
            <div className="space-y-1.5">
              <Label htmlFor="review-remark">Bemerkung für den Kunden (optional)</Label>
              <Textarea id="review-remark" value={remark} rows={2} onChange={(e) => setRemark(e.target.value)} />
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={busy} variant={mode === "rejected" ? "destructive" : "default"}>
              {mode === "rejected" ? "Verwerfen" : mode === "own" ? "Hinzufügen" : mode === "changed" ? "Änderung speichern" : "Bestätigen"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
