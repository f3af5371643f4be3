// Konto → Angemeldete Geräte (issue 14): the own sessions with browser, system, address and
// times; end one, or all others.
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { LogOut, Monitor } from "lucide-react";
import { formatDateTime, formatRelative } from "../../common/format";
import type { MessageDto, SessionDto, SessionsEnded } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { ConfirmDialog } from "../components/ui/alert-dialog";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";

const SESSIONS_KEY = ["/api/user/sessions"] as const;

const METHOD_LABELS: Record<string, string> = {
  password: "Passwort",
  "password+totp": "Passwort und Code",
  "password+recovery_code": "Passwort und Wiederherstellungscode",
  passkey: "Passkey",
  registration: "Registrierung",
  impersonation: "Impersonation",
};

export function SessionsCard() {
  const { data: list, isPending, isError } = useQuery<SessionDto[]>({ queryKey: SESSIONS_KEY, staleTime: 0 });
  const [confirmAll, setConfirmAll] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const fail = (err: unknown) =>
    toast({
      title: "Fehler beim Beenden",
      description: errorMessage(err, "Die Sitzung konnte nicht beendet werden."),
      variant: "destructive",
    });

  const endOne = useMutation({
    mutationFn: (id: number) => apiRequest<MessageDto>("DELETE", `/api/user/sessions/${id}`),
    onSuccess: () => {
      toast({ title: "Sitzung beendet", description: "Das Gerät ist abgemeldet." });
      void refresh();
    },
    onError: fail,
  });
  const endOthers = useMutation({
    mutationFn: () => apiRequest<SessionsEnded>("POST", "/api/user/sessions/end-others", {}),
    onSuccess: (r) => {
      setConfirmAll(false);
      toast({
        title: "Andere Sitzungen beendet",
        description: r.ended === 1 ? "1 Gerät wurde abgemeldet." : `${r.ended} Geräte wurden abgemeldet.`,
      });
      void refresh();
    },
    onError: fail,
  });
  const others = (list ?? []).filter((s) => !s.current).length;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Angemeldete Geräte</CardTitle>
        <CardDescription>
          Hier sehen Sie, wo Ihr Konto angemeldet ist. Beenden Sie Sitzungen, die Sie nicht kennen, und ändern Sie dann Ihr Passwort.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending ? <Skeleton className="h-24 w-full" /> : null}
        {isError ? <p className="text-sm text-red-600">Die Sitzungen konnten nicht geladen werden.</p> : null}
        {list ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="session-list">
            {list.map((s) => (
              <li key={s.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 gap-3">
                  <Monitor className="mt-0.5 size-5 shrink-0 text-slate-500" />
                  <div className="min-w-0 text-sm">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      {s.browser} · {s.os}
                      {s.current ? <Badge className="bg-green-100 text-green-800">Dieses Gerät</Badge> : null}
                    </p>
                    <p className="text-xs text-slate-500">
                      Angemeldet am {formatDateTime(s.createdAt)}
                      {s.authMethod && METHOD_LABELS[s.authMethod] ? ` mit ${METHOD_LABELS[s.authMethod]}` : ""} · Zuletzt aktiv:{" "}
                      {formatRelative(s.lastSeenAt)}
                      {s.ip ? ` · IP ${s.ip}` : ""}
                    </p>
                  </div>
                </div>
                {s.current ? null : (
                  <Button variant="outline" size="sm" disabled={endOne.isPending} onClick={() => endOne.mutate(s.id)}>
                    <LogOut /> Beenden
                  </Button>
                )}
              </li>
            ))}
          </ul>
        ) : null}
        <Button variant="outline" disabled={others === 0 || endOthers.isPending} onClick={() => setConfirmAll(true)}>
          Alle anderen Sitzungen beenden
        </Button>
      </CardContent>
      <ConfirmDialog
        open={confirmAll}
        onOpenChange={setConfirmAll}
        title="Alle anderen Sitzungen beenden?"
        description="Alle anderen Geräte werden abgemeldet. Dieses Gerät bleibt angemeldet."
        confirmLabel="Beenden"
        pending={endOthers.isPending}
        onConfirm={() => endOthers.mutate()}
      />
    </Card>
  );
}
