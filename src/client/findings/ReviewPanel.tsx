// "Expertenprüfung" in the LV tab (super admins): every finding of the pre-check with its
// decision, one click to confirm, dialogs to reject with a reason or change it, own findings, and
// the draft evaluation built from the reviewed findings.
import { useMemo, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Check, FilePlus2, Pencil, Plus, X } from "lucide-react";
import { formatEuro } from "../../common/format";
import { countNoun } from "../../common/plural";
import { DECISION_LABELS } from "../../common/schemas/finding-review";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Progress } from "../components/ui/progress";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { cn } from "../lib/utils";
import { DraftEvaluationDialog } from "../boq/DraftEvaluationDialog";
import { SEVERITY_STYLES } from "../boq/labels";
import type { BoqFinding, BoqView } from "../../common/types";
import { FindingReviewDialog, type ReviewMode } from "./FindingReviewDialog";

type Filter = "open" | "done" | "all";
const PAGE = 30;

const DECISION_STYLES = {
  confirmed: "border-green-200 bg-green-50 text-green-800",
  changed: "border-green-200 bg-green-50 text-green-800",
  rejected: "border-slate-300 bg-slate-100 text-slate-700",
} as const;

export function ReviewPanel({ projectId, projectName, data }: { projectId: number; projectName: string; data: BoqView }) {
  const qc = useQueryClient();
  const findings = useMemo(() => data.findings ?? [], [data]);
  const [filter, setFilter] = useState<Filter>("open");
  const [shown, setShown] = useState(PAGE);
  const [dialog, setDialog] = useState<{ finding: BoqFinding | null; mode: ReviewMode } | null>(null);
  const [draftOpen, setDraftOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);

  const open = findings.filter((f) => !f.review);
  const list = filter === "open" ? open : filter === "done" ? findings.filter((f) => f.review) : findings;
  const reviewed = data.review?.reviewed ?? 0;
  const total = data.review?.total ?? findings.length;

  const confirm = async (f: BoqFinding) => {
    setBusyId(f.id);
    try {
      await apiRequest("PATCH", `/api/projects/${projectId}/findings/${f.id}`, { decision: "confirmed" });
      await qc.invalidateQueries({ queryKey: [`/api/projects/${projectId}/boq`] });
      await qc.invalidateQueries({ queryKey: [`/api/projects/${projectId}`] });
    } catch (err) {
      toast({
        title: "Fehler beim Speichern",
        description: errorMessage(err, "Die Prüfung konnte nicht gespeichert werden."),
        variant: "destructive",
      });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <Card data-testid="review-panel">
      <CardHeader className="gap-3">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <CardTitle className="text-base">Expertenprüfung</CardTitle>
            <CardDescription>
              {reviewed} von {countNoun(total, "Befund", "Befunden")} geprüft. Die Auswertung wird aus den geprüften Befunden erstellt;
              verworfene Befunde sieht der Kunde nicht.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setDialog({ finding: null, mode: "own" })}>
              <Plus className="size-4" /> Eigenen Befund hinzufügen
            </Button>
            <Button size="sm" onClick={() => setDraftOpen(true)}>
              <FilePlus2 className="size-4" /> Auswertungsentwurf erstellen
            </Button>
          </div>
        </div>
        <Progress value={total ? (reviewed / total) * 100 : 0} label="Fortschritt der Expertenprüfung" />
        <div role="group" aria-label="Befunde filtern" className="flex flex-wrap gap-2">
          {(
            [
              ["open", `Offen (${open.length})`],
              ["done", `Geprüft (${findings.length - open.length})`],
              ["all", `Alle (${findings.length})`],
            ] as const
          ).map(([value, label]) => (
            <Button
              key={value}
              size="sm"
              variant={filter === value ? "secondary" : "ghost"}
              aria-pressed={filter === value}
              onClick={() => {
                setFilter(value);
                setShown(PAGE);
              }}
            >
              {label}
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent>
        {list.length === 0 ? (
          <p className="text-sm text-slate-600">{filter === "open" ? "Alle Befunde sind geprüft." : "Keine Befunde in dieser Ansicht."}</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="review-list">
            {list.slice(0, shown).map((f) => (
              <li
                key={f.id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between"
                data-testid="review-item"
                data-finding-id={f.id}
              >
                <div
                  className={cn(
                    "min-w-0 space-y-1 text-sm",
                    f.review?.decision === "rejected" && "text-slate-500 line-through decoration-slate-400",
                  )}
                >
                  <p className="flex flex-wrap items-center gap-2">
                    <Badge className={SEVERITY_STYLES[f.severity].className}>{SEVERITY_STYLES[f.severity].label}</Badge>
                    <span className="whitespace-nowrap font-mono text-xs text-slate-600">{f.oz ? `OZ ${f.oz}` : "Gesamtes LV"}</span>
                    {f.review ? (
                      <Badge className={DECISION_STYLES[f.review.decision]}>
                        {f.review.own ? "Eigener Befund" : DECISION_LABELS[f.review.decision]}
                      </Badge>
                    ) : null}
                    {f.potentialEur != null ? (
                      <span className="whitespace-nowrap font-semibold tabular-nums">{formatEuro(f.potentialEur)}</span>
                    ) : null}
                  </p>
                  <p className="font-medium text-slate-900">{f.title}</p>
                  <p className="text-slate-600">{f.why}</p>
                  {f.review?.reason ? <p className="text-xs text-slate-600 no-underline">Grund: {f.review.reason}</p> : null}
                  {f.review?.remark ? <p className="text-xs text-slate-700">Bemerkung: {f.review.remark}</p> : null}
                </div>
                <div className="flex shrink-0 flex-wrap gap-1.5">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busyId === f.id || f.review?.decision === "confirmed"}
                    onClick={() => void confirm(f)}
                  >
                    <Check className="size-4" /> Bestätigen
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDialog({ finding: f, mode: "changed" })}>
                    <Pencil className="size-4" /> Ändern
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setDialog({ finding: f, mode: "rejected" })}>
                    <X className="size-4" /> Verwerfen
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setDialog({ finding: f, mode: "confirmed" })}>
                    Bemerkung
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {list.length > shown ? (
          <Button variant="ghost" size="sm" className="mt-2" onClick={() => setShown((n) => n + PAGE)}>
            Weitere {Math.min(PAGE, list.length - shown)} anzeigen
          </Button>
        ) : null}
      </CardContent>
      {dialog ? (
        <FindingReviewDialog
          key={`${dialog.finding?.id}-${dialog.mode}`}
          projectId={projectId}
          finding={dialog.finding}
          mode={dialog.mode}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {draftOpen ? <DraftEvaluationDialog projectId={projectId} projectName={projectName} onClose={() => setDraftOpen(false)} /> : null}
    </Card>
  );
}
