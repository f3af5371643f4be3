// Profil: the own data read-only (changes go through support) and "Profil löschen".
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { ROLE_LABELS } from "../../common/roles";
import type { CompanyDto, CurrentUser, MessageDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { ConfirmDialog } from "../components/ui/alert-dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { clearSession } from "../lib/session";

const ReadOnly = ({ id, label, value }: { id: string; label: string; value: string }) => (
  <Field id={id} label={label}>
    <Input id={id} value={value} readOnly className="bg-slate-50 text-slate-700" />
  </Field>
);

export function ProfileTab({ me }: { me: CurrentUser }) {
  const [confirm, setConfirm] = useState(false);
  const { data: company } = useQuery<CompanyDto>({ queryKey: [`/api/companies/${me.companyId}`], enabled: me.companyId !== null });
  const remove = useMutation({
    mutationFn: () => apiRequest<MessageDto>("DELETE", "/api/user/delete-profile"),
    onSuccess: () => {
      // At once: any refetch with the ended session would be a 401 and lead to /auth instead.
      clearSession();
      window.location.replace("/");
    },
    onError: (err) => {
      setConfirm(false);
      toast({
        title: "Fehler beim Löschen",
        description: errorMessage(err, "Das Profil konnte nicht gelöscht werden."),
        variant: "destructive",
      });
    },
  });

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Persönliche Daten</CardTitle>
          <CardDescription>Änderungen an Ihren persönlichen Daten nimmt unser Support für Sie vor.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <ReadOnly id="profile-first" label="Vorname" value={me.firstName ?? ""} />
          <ReadOnly id="profile-last" label="Nachname" value={me.lastName ?? ""} />
          <ReadOnly id="profile-email" label="E-Mail" value={me.email} />
          <ReadOnly id="profile-username" label="Benutzername" value={me.username} />
          <ReadOnly id="profile-role" label="Rolle" value={ROLE_LABELS[me.role]} />
          <ReadOnly id="profile-company" label="Unternehmen" value={me.companyId === null ? "Kein Unternehmen" : (company?.name ?? "")} />
        </CardContent>
      </Card>
      <Card className="border-red-200">
        <CardHeader>
          <CardTitle className="text-red-700">Profil löschen</CardTitle>
          <CardDescription>
            Ihr Konto wird dauerhaft gelöscht und Sie werden abgemeldet. Von Ihnen angelegte Projekte bleiben erhalten und werden einem
            Systemadministrator zugeordnet.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button
            variant="destructive"
            onClick={() => setConfirm(true)}
            disabled={me.isImpersonating}
            title={me.isImpersonating ? "Während einer Impersonation nicht möglich" : undefined}
          >
            <Trash2 /> Profil löschen
          </Button>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirm}
        onOpenChange={setConfirm}
        title="Profil wirklich löschen?"
        description="Ihr Konto wird dauerhaft gelöscht. Diese Aktion kann nicht rückgängig gemacht werden."
        confirmLabel="Profil löschen"
        pending={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </div>
  );
}
