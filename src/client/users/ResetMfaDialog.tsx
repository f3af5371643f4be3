// The super admin's reset of another user's second factor (issue 14): removes the authenticator
// app, recovery codes and passkeys and signs the user out. For another super admin the own current
// code from the authenticator app is required.
import { useState, type FormEvent } from "react";
import type { UserDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { displayName } from "../layout/Sidebar";

export function ResetMfaDialog({ user, open, onOpenChange }: { user: UserDto; open: boolean; onOpenChange: (o: boolean) => void }) {
  const peer = user.role === "super_admin";
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = (o: boolean) => {
    if (!o) {
      setCode("");
      setError(null);
    }
    onOpenChange(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setPending(true);
    try {
      await apiRequest("POST", `/api/users/${user.id}/mfa/reset`, peer ? { code } : {});
      toast({
        title: "Zwei-Faktor-Anmeldung zurückgesetzt",
        description: `${displayName(user)} meldet sich jetzt mit dem Passwort an und richtet den zweiten Faktor neu ein.`,
      });
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      close(false);
    } catch (err) {
      setCode("");
      setError(errorMessage(err, "Die Zwei-Faktor-Anmeldung konnte nicht zurückgesetzt werden."));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Zwei-Faktor-Anmeldung zurücksetzen</DialogTitle>
          <DialogDescription>
            Authenticator-App, Wiederherstellungscodes und Passkeys von {displayName(user)} (@{user.username}) werden entfernt, alle
            Sitzungen beendet. Prüfen Sie vorher, dass die Anfrage wirklich von dieser Person kommt.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {peer ? (
            <Field id="reset-mfa-code" label="Ihr aktueller Code aus der Authenticator-App">
              <Input
                id="reset-mfa-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={7}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            </Field>
          ) : null}
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Abbrechen
            </Button>
            <Button type="submit" variant="destructive" disabled={pending || (peer && !code.trim())}>
              Zurücksetzen
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
