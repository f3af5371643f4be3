// Einstellungen → Betrieb (super admins): the reading queue at a glance and the readings that
// failed, stalled or wait for long, each failed or stalled one with "Erneut einlesen".
import { useMutation, useQuery } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { Link } from "react-router";
import { READING_ISSUE_LABELS, type ReadingIssues } from "../../common/schemas/boq-queue";
import { formatDateTime } from "../../common/format";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";

const READINGS_KEY = ["/api/admin/readings"] as const;

const BADGE: Record<keyof typeof READING_ISSUE_LABELS, string> = {
  failed: "bg-red-100 text-red-800",
  stalled: "bg-amber-100 text-amber-900",
  waiting: "bg-slate-100 text-slate-800",
};

const files = (n: number) => (n === 1 ? "1 Datei" : `${n} Dateien`);

export function ReadingsCard() {
  const { data, isPending, isError } = useQuery<ReadingIssues>({ queryKey: READINGS_KEY, staleTime: 0, refetchInterval: 10_000 });
  const requeue = useMutation({
    mutationFn: (jobId: number) => apiRequest<{ message: string }>("POST", `/api/admin/readings/${jobId}/requeue`, {}),
    onSuccess: (r) => {
      toast({ title: "Erneut eingereiht", description: r.message });
      void queryClient.invalidateQueries({ queryKey: READINGS_KEY });
    },
    onError: (err) =>
      toast({
        title: "Nicht möglich",
        description: errorMessage(err, "Die Einlesung konnte nicht neu gestartet werden."),
        variant: "destructive",
      }),
  });
  const q = data?.queue;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Einlesungen</CardTitle>
        <CardDescription>Hochgeladene Leistungsverzeichnisse, deren Einlesung fehlgeschlagen ist, hängt oder lange wartet.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending ? <Skeleton className="h-24 w-full" /> : null}
        {isError ? <p className="text-sm text-red-600">Die Einlesungen konnten nicht geladen werden.</p> : null}
        {q ? (
          <p className="text-sm text-slate-700" data-testid="reading-queue">
            Warteschlange: {files(q.queued)} wartend, {q.running} in Arbeit, {q.stalled} hängend, {q.failed} fehlgeschlagen
            {q.oldestWaitingSeconds > 0 ? ` · älteste wartet seit ${Math.ceil(q.oldestWaitingSeconds / 60)} Min.` : ""}
          </p>
        ) : null}
        {data && data.readings.length === 0 ? <p className="text-sm text-slate-600">Keine auffälligen Einlesungen.</p> : null}
        {data && data.readings.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="reading-issues">
            {data.readings.map((r) => (
              <li key={r.jobId} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <Badge className={BADGE[r.state]}>{READING_ISSUE_LABELS[r.state]}</Badge>
                    <Link className="underline-offset-2 hover:underline" to={`/dashboard/projects/${r.projectId}`}>
                      {r.projectName}
                    </Link>
                    {r.fileName ? <span className="font-normal text-slate-600">· {r.fileName}</span> : null}
                  </p>
                  <p className="text-xs text-slate-600">
                    {r.companyName ?? "Ohne Unternehmen"} · seit {formatDateTime(r.since)} · {r.attempts}{" "}
                    {r.attempts === 1 ? "Versuch" : "Versuche"}
                    {r.takeovers > 0 ? ` · ${r.takeovers}× übernommen` : ""}
                    {r.lastError ? ` · ${r.lastError}` : ""}
                  </p>
                </div>
                {r.state === "waiting" ? null : (
                  <Button variant="outline" size="sm" disabled={requeue.isPending} onClick={() => requeue.mutate(r.jobId)}>
                    <RotateCw /> Erneut einlesen
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
