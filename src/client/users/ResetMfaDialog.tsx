// The super admin's reset of another user's second factor (issue 14): removes the authenticator
// app, recovery codes and passkeys and signs the user out. For another super admin the own current
// code from the authenticator app is required.
import type { MfaResetResult, UserDto } from "../../common/types";
import { ConfirmWithSecretDialog } from "../components/ConfirmWithSecretDialog";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { displayName } from "../layout/Sidebar";

export function ResetMfaDialog({ user, open, onOpenChange }: { user: UserDto; open: boolean; onOpenChange: (o: boolean) => void }) {
  const peer = user.role === "super_admin";
  return (
    <ConfirmWithSecretDialog
      open={open}
      onOpenChange={onOpenChange}
      id="reset-mfa-code"
      secret={peer ? "code" : null}
      title="Zwei-Faktor-Anmeldung zurücksetzen"
      description={
        <>
          Authenticator-App, Wiederherstellungscodes und Passkeys von {displayName(user)} (@{user.username}) werden entfernt, alle Sitzungen
          beendet. Prüfen Sie vorher, dass die Anfrage wirklich von dieser Person kommt.
        </>
      }
      confirmLabel="Zurücksetzen"
      pendingLabel="Zurücksetzen"
      destructive
      failureText="Die Zwei-Faktor-Anmeldung konnte nicht zurückgesetzt werden."
      onConfirm={async (code) => {
        await apiRequest<MfaResetResult>("POST", `/api/users/${user.id}/mfa/reset`, peer ? { code } : {});
        toast({
          title: "Zwei-Faktor-Anmeldung zurückgesetzt",
          description: `${displayName(user)} meldet sich jetzt mit dem Passwort an und richtet den zweiten Faktor neu ein.`,
        });
        void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      }}
    />
  );
}
