// Konto → Zwei-Faktor-Anmeldung (issue 14): set up TOTP (password, QR code and secret, a
// correct code, then the 10 recovery codes shown once), renew the recovery codes, turn it off.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Copy, ShieldCheck, ShieldOff } from "lucide-react";
import { MFA_TEXTS } from "../../common/schemas/mfa";
import { formatDate } from "../../common/format";
import type { MessageDto, MfaStatus, RecoveryCodes, TotpEnrolment } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { USER_KEY } from "../hooks/use-current-user";
import { apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { ConfirmWithSecretDialog, SecretForm } from "../components/ConfirmWithSecretDialog";

export const MFA_KEY = ["/api/user/mfa"] as const;

/** After any change of a factor: the status, the passkey list and the session user (enforcement). */
export const refreshSecurity = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: MFA_KEY }),
    queryClient.invalidateQueries({ queryKey: ["/api/user/passkeys"] }),
    queryClient.invalidateQueries({ queryKey: USER_KEY }),
  ]);

/** The secret in groups of four, as authenticator apps show it for manual entry. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

function RecoveryCodes({ codes }: { codes: string[] }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      toast({ title: "Codes kopiert", description: "Bewahren Sie die Wiederherstellungscodes an einem sicheren Ort auf." });
    } catch {
      toast({ title: "Fehler beim Kopieren", description: "Bitte notieren Sie die Codes manuell.", variant: "destructive" });
    }
  };
  return (
    <div className="space-y-3">
      <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
        Bewahren Sie diese Codes sicher auf (z. B. ausgedruckt oder im Passwort-Manager). Jeder Code ersetzt einmal den Code aus der App,
        falls Sie Ihr Gerät verlieren. Die Codes werden nur jetzt angezeigt.
      </p>
      <ol
        className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-sm"
        data-testid="recovery-codes"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Button type="button" variant="outline" size="sm" onClick={copy}>
        <Copy /> Codes kopieren
      </Button>
    </div>
  );
}

type EnrolStep = { kind: "password" } | { kind: "scan"; enrolment: TotpEnrolment } | { kind: "codes"; codes: string[] };

function EnrolDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [step, setStep] = useState<EnrolStep>({ kind: "password" });

  const close = (o: boolean) => {
    if (!o) {
      if (step.kind === "codes") void refreshSecurity();
      setStep({ kind: "password" });
    }
    onOpenChange(o);
  };

  const start = async (password: string) => {
    const enrolment = await apiRequest<TotpEnrolment>("POST", "/api/user/mfa/totp", { password });
    setStep({ kind: "scan", enrolment });
  };

  const confirm = async (code: string) => {
    const { recoveryCodes } = await apiRequest<RecoveryCodes>("POST", "/api/user/mfa/totp/confirm", { code });
    setStep({ kind: "codes", codes: recoveryCodes });
    toast({ title: "Zwei-Faktor-Anmeldung aktiviert", description: "Ab der nächsten Anmeldung wird zusätzlich ein Code abgefragt." });
  };

  const stepForm = { failureText: "Die Einrichtung ist fehlgeschlagen.", onCancel: () => close(false) };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{step.kind === "codes" ? "Wiederherstellungscodes" : "Zwei-Faktor-Anmeldung einrichten"}</DialogTitle>
          <DialogDescription>
            {step.kind === "password"
              ? "Bestätigen Sie zuerst Ihr aktuelles Passwort."
              : step.kind === "scan"
                ? "Scannen Sie den QR-Code mit Ihrer Authenticator-App oder geben Sie den Schlüssel von Hand ein. Bestätigen Sie dann mit dem angezeigten Code."
                : "Die Zwei-Faktor-Anmeldung ist aktiv."}
          </DialogDescription>
        </DialogHeader>
        {step.kind === "password" ? (
          <SecretForm
            key="password"
            id="enrol-password"
            secret="password"
            confirmLabel="Weiter"
            pendingLabel="Bitte warten..."
            onConfirm={start}
            {...stepForm}
          />
        ) : null}
        {step.kind === "scan" ? (
          <SecretForm
            key="scan"
            id="enrol-code"
            secret="code"
            label="Bestätigungscode"
            placeholder="123456"
            emptyMessage={MFA_TEXTS.codeRequired}
            confirmLabel="Aktivieren"
            pendingLabel="Wird geprüft..."
            onConfirm={confirm}
            {...stepForm}
          >
            <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
              <img
                src={step.enrolment.qrCode}
                alt="QR-Code für die Authenticator-App"
                width={184}
                height={184}
                className="size-46 shrink-0 rounded-md border border-slate-200 bg-white p-1"
              />
              <div className="min-w-0 space-y-1 text-sm text-slate-600">
                <p>Schlüssel zur manuellen Eingabe:</p>
                <code
                  className="block break-all rounded-md bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
                  data-testid="totp-secret"
                >
                  {grouped(step.enrolment.secret)}
                </code>
                <p className="text-xs">Zeitbasiert (TOTP), 6 Ziffern, 30 Sekunden.</p>
              </div>
            </div>
          </SecretForm>
        ) : null}
        {step.kind === "codes" ? (
          <>
            <RecoveryCodes codes={step.codes} />
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                Fertig
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

export function TwoFactorCard() {
  const { data: status, isPending, isError } = useQuery<MfaStatus>({ queryKey: MFA_KEY });
  const [enrolOpen, setEnrolOpen] = useState(false);
  const [disableOpen, setDisableOpen] = useState(false);
  const [renewOpen, setRenewOpen] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Zwei-Faktor-Anmeldung
          {status?.totpEnabled ? <Badge className="bg-green-100 text-green-800">Aktiv</Badge> : null}
          {status?.required ? <Badge className="bg-amber-100 text-amber-900">Vorgeschrieben</Badge> : null}
        </CardTitle>
        <CardDescription>
          Zusätzlich zum Passwort fragt die Anmeldung einen Code aus einer Authenticator-App ab (z. B. Microsoft Authenticator, Google
          Authenticator, FreeOTP). Ein gestohlenes Passwort allein genügt dann nicht mehr.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending ? <Skeleton className="h-10 w-64" /> : null}
        {isError ? <p className="text-sm text-red-600">Der Status der Zwei-Faktor-Anmeldung konnte nicht geladen werden.</p> : null}
        {status && !status.totpEnabled ? (
          <Button onClick={() => setEnrolOpen(true)}>
            <ShieldCheck /> Zwei-Faktor-Anmeldung einrichten
          </Button>
        ) : null}
        {status?.totpEnabled ? (
          <>
            <p className="text-sm text-slate-600">
              Eingerichtet{status.totpEnabledAt ? ` am ${formatDate(status.totpEnabledAt)}` : ""}. Verbleibende Wiederherstellungscodes:{" "}
              <strong data-testid="recovery-codes-left">{status.recoveryCodesLeft}</strong>
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={() => setRenewOpen(true)}>
                Neue Wiederherstellungscodes erzeugen
              </Button>
              <Button variant="outline" className="text-red-700" onClick={() => setDisableOpen(true)}>
                <ShieldOff /> Zwei-Faktor-Anmeldung deaktivieren
              </Button>
            </div>
          </>
        ) : null}
        {newCodes ? <RecoveryCodes codes={newCodes} /> : null}
      </CardContent>
      <EnrolDialog open={enrolOpen} onOpenChange={setEnrolOpen} />
      <ConfirmWithSecretDialog
        secret="password"
        open={disableOpen}
        onOpenChange={setDisableOpen}
        title="Zwei-Faktor-Anmeldung deaktivieren"
        description={
          status?.required
            ? "Für Ihr Konto ist eine Zwei-Faktor-Anmeldung vorgeschrieben: Ohne einen Passkey müssen Sie sie danach sofort neu einrichten."
            : "Danach genügt wieder das Passwort für die Anmeldung. Ihre Wiederherstellungscodes werden ungültig."
        }
        confirmLabel="Deaktivieren"
        destructive
        onConfirm={async (password) => {
          await apiRequest<MessageDto>("DELETE", "/api/user/mfa", { password });
          setNewCodes(null);
          await refreshSecurity();
          toast({ title: "Zwei-Faktor-Anmeldung deaktiviert" });
        }}
      />
      <ConfirmWithSecretDialog
        secret="password"
        open={renewOpen}
        onOpenChange={setRenewOpen}
        title="Neue Wiederherstellungscodes"
        description="Die bisherigen Wiederherstellungscodes werden ungültig."
        confirmLabel="Erzeugen"
        onConfirm={async (password) => {
          const { recoveryCodes } = await apiRequest<RecoveryCodes>("POST", "/api/user/mfa/recovery-codes", { password });
          setNewCodes(recoveryCodes);
          await queryClient.invalidateQueries({ queryKey: MFA_KEY });
        }}
      />
    </Card>
  );
}
