// "Offene Einladungen" under Benutzer (issue 27): the links not yet used, with "Erneut senden"
// (the link is shown to copy when no mail goes out) and "Zurückziehen".
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Mail, Undo2 } from "lucide-react";
import { formatDateTime } from "../../common/format";
import { ROLE_LABELS } from "../../common/roles";
import type { PendingInvitationDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { LinkText, copyLink } from "../registration-links/copy-link";

const KEY = ["/api/registration-links/pending"];

export function PendingInvitations({ showCompany }: { showCompany: boolean }) {
  const { data } = useQuery<PendingInvitationDto[]>({ queryKey: KEY });
  const [busy, setBusy] = useState<number | null>(null);
  const resend = useMutation({
    mutationFn: (inv: PendingInvitationDto) =>
      apiRequest<{ url: string; mailed: boolean | null }>("POST", `/api/registration-links/${inv.id}/resend`, {}),
    onMutate: (inv) => setBusy(inv.id),
    onSettled: () => setBusy(null),
    onSuccess: (res, inv) =>
      toast({
        title: res.mailed ? "Einladung erneut gesendet" : "Einladungslink",
        description: (
          <>
            {res.mailed ? `Die Einladung wurde erneut an ${inv.email} gesendet.` : `Bitte geben Sie den Link an ${inv.email} weiter:`}
            <LinkText link={res.url} />
          </>
        ),
        duration: 10_000,
        action: (
          <Button size="sm" variant="outline" className="mt-2 w-fit" onClick={() => void copyLink(res.url, "Link kopiert!")}>
            Link kopieren
          </Button>
        ),
      }),
    onError: (err) =>
      toast({
        title: "Fehler beim Senden der Einladung",
        description: errorMessage(err, "Bitte versuchen Sie es erneut."),
        variant: "destructive",
      }),
  });
  const revoke = useMutation({
    mutationFn: (inv: PendingInvitationDto) => apiRequest("DELETE", `/api/registration-links/${inv.id}`),
    onMutate: (inv) => setBusy(inv.id),
    onSettled: () => setBusy(null),
    onSuccess: (_r, inv) => {
      void queryClient.invalidateQueries({ queryKey: KEY });
      void queryClient.invalidateQueries({ queryKey: ["/api/registration-links"] });
      toast({ title: "Einladung zurückgezogen", description: `Der Link für ${inv.email} gilt nicht mehr.` });
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Zurückziehen",
        description: errorMessage(err, "Bitte versuchen Sie es erneut."),
        variant: "destructive",
      }),
  });
  if (!data?.length) return null;
  return (
    <Card data-testid="pending-invitations">
      <CardHeader>
        <CardTitle className="text-base">Offene Einladungen ({data.length})</CardTitle>
        <CardDescription>Eingeladen, aber noch nicht registriert.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {data.map((inv) => (
            <li
              key={inv.id}
              className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              data-testid="pending-invitation"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{inv.email || "(E-Mail bei Registrierung)"}</p>
                <p className="text-slate-600">
                  {ROLE_LABELS[inv.role]}
                  {showCompany && inv.companyName ? ` · ${inv.companyName}` : ""} · gültig bis {formatDateTime(inv.expiresAt)}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Button size="sm" variant="outline" disabled={busy === inv.id} onClick={() => resend.mutate(inv)}>
                  <Mail /> Erneut senden
                </Button>
                <Button size="sm" variant="outline" disabled={busy === inv.id} onClick={() => revoke.mutate(inv)}>
                  <Undo2 /> Zurückziehen
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
