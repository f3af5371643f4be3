// Unternehmen → Zwei-Faktor-Anmeldung (issue 14): the company admin requires a second factor for
// every user of the company. The admin needs one first (the server refuses otherwise).
import { useMutation } from "@tanstack/react-query";
import type { CompanyDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { useSessionUser } from "../layout/session-user";

export function MfaPolicyCard({ company }: { company: CompanyDto }) {
  const me = useSessionUser();
  const ownFactor = me.mfaEnabled || me.passkeyCount > 0;
  const save = useMutation({
    mutationFn: (mfaRequired: boolean) => apiRequest<CompanyDto>("PATCH", `/api/companies/${company.id}/mfa-policy`, { mfaRequired }),
    onSuccess: (updated) => {
      queryClient.setQueryData([`/api/companies/${company.id}`], updated);
      toast({
        title: "Unternehmen gespeichert",
        description: updated.mfaRequired
          ? "Alle Benutzer Ihres Unternehmens müssen jetzt eine Zwei-Faktor-Anmeldung verwenden."
          : "Die Zwei-Faktor-Anmeldung ist für Ihr Unternehmen nicht mehr vorgeschrieben.",
      });
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Speichern",
        description: errorMessage(err, "Die Einstellung konnte nicht gespeichert werden."),
        variant: "destructive",
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Zwei-Faktor-Anmeldung</CardTitle>
        <CardDescription>
          Verlangen Sie für alle Benutzer Ihres Unternehmens einen zweiten Faktor (Authenticator-App oder Passkey). Wer noch keinen hat,
          wird nach der Anmeldung zur Einrichtung geführt und kann vorher nichts anderes tun.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-700" data-testid="mfa-policy-state">
          {company.mfaRequired ? "Für alle Benutzer vorgeschrieben." : "Nicht vorgeschrieben."}
        </p>
        {!company.mfaRequired && !ownFactor && me.companyId === company.id ? (
          <p className="text-sm text-amber-800">Richten Sie dafür zuerst unter Konto Ihre eigene Zwei-Faktor-Anmeldung ein.</p>
        ) : null}
        <Button
          variant={company.mfaRequired ? "outline" : "default"}
          disabled={save.isPending}
          onClick={() => save.mutate(!company.mfaRequired)}
        >
          {company.mfaRequired ? "Nicht mehr vorschreiben" : "Für alle Benutzer vorschreiben"}
        </Button>
      </CardContent>
    </Card>
  );
}
