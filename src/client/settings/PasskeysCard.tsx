// Konto → Passkeys (issue 14): register a passkey of this device under a name, list, delete.
// @simplewebauthn/browser loads only when a passkey is registered (auth/passkey.ts).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { KeyRound, Trash2 } from "lucide-react";
import { MFA_TEXTS, PASSKEY_NAME_MAX, passkeyNameSchema } from "../../common/schemas/mfa";
import { formatDateTime } from "../../common/format";
import type { MessageDto, PasskeyDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { passkeyErrorText, passkeysSupported, registerPasskey } from "../auth/passkey";
import { ConfirmWithSecretDialog } from "../components/ConfirmWithSecretDialog";
import { refreshSecurity } from "./TwoFactorCard";

export function PasskeysCard() {
  const { data: list, isPending, isError } = useQuery<PasskeyDto[]>({ queryKey: ["/api/user/passkeys"] });
  const [addOpen, setAddOpen] = useState(false);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  const supported = passkeysSupported();

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Mit einem Passkey melden Sie sich ohne Passwort und Code an – über die Bildschirmsperre Ihres Geräts (Fingerabdruck, Gesicht, PIN)
          oder einen Sicherheitsschlüssel. Ein Passkey gilt auch als zweiter Faktor.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isPending ? <Skeleton className="h-16 w-full" /> : null}
        {isError ? <p className="text-sm text-red-600">Die Passkeys konnten nicht geladen werden.</p> : null}
        {list && list.length === 0 ? <p className="text-sm text-slate-600">Noch kein Passkey registriert.</p> : null}
        {list && list.length > 0 ? (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" data-testid="passkey-list">
            {list.map((p) => (
              <li key={p.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="flex items-center gap-2 font-medium text-slate-900">
                    <KeyRound className="size-4 shrink-0 text-slate-500" />
                    <span className="truncate">{p.name}</span>
                  </p>
                  <p className="text-xs text-slate-500">
                    Hinzugefügt am {formatDateTime(p.createdAt)} ·{" "}
                    {p.lastUsedAt ? `Zuletzt verwendet am ${formatDateTime(p.lastUsedAt)}` : "Noch nicht verwendet"}
                  </p>
                </div>
                <Button variant="outline" size="sm" onClick={() => setRemoving(p)} aria-label={`Passkey ${p.name} löschen`}>
                  <Trash2 /> Löschen
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {supported ? (
          <Button variant="outline" onClick={() => setAddOpen(true)}>
            <KeyRound /> Passkey hinzufügen
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Dieser Browser unterstützt keine Passkeys.</p>
        )}
      </CardContent>
      <ConfirmWithSecretDialog
        secret="password"
        open={addOpen}
        onOpenChange={(o) => {
          setAddOpen(o);
          if (!o) {
            setName("");
            setNameError(null);
          }
        }}
        title="Passkey hinzufügen"
        description="Geben Sie dem Passkey einen Namen, an dem Sie das Gerät wiedererkennen, und bestätigen Sie mit Ihrem Passwort. Danach fragt der Browser nach Fingerabdruck, Gesicht oder PIN."
        confirmLabel="Passkey erstellen"
        onConfirm={async (password) => {
          const parsed = passkeyNameSchema.safeParse(name);
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? "Bitte geben Sie einen Namen ein.";
            setNameError(message);
            throw new Error(message);
          }
          setNameError(null);
          try {
            const created = await registerPasskey(parsed.data, password);
            toast({ title: "Passkey hinzugefügt", description: `„${created.name}“ kann jetzt zur Anmeldung verwendet werden.` });
            await refreshSecurity();
          } catch (err) {
            throw new Error(passkeyErrorText(err, MFA_TEXTS.passkeyRegisterFailed), { cause: err });
          }
        }}
      >
        <Field id="passkey-name" label="Name des Passkeys" error={nameError ?? undefined}>
          <Input
            id="passkey-name"
            placeholder="z. B. Büro-Laptop"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Field>
      </ConfirmWithSecretDialog>
      <ConfirmWithSecretDialog
        secret="password"
        open={removing !== null}
        onOpenChange={(o) => !o && setRemoving(null)}
        title="Passkey löschen"
        description={`Der Passkey „${removing?.name ?? ""}“ kann danach nicht mehr zur Anmeldung verwendet werden.`}
        confirmLabel="Löschen"
        destructive
        onConfirm={async (password) => {
          await apiRequest<MessageDto>("DELETE", `/api/user/passkeys/${removing!.id}`, { password });
          toast({ title: "Passkey gelöscht" });
          await refreshSecurity();
        }}
      />
    </Card>
  );
}
