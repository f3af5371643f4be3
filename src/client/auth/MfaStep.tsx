// The second sign-in step on /auth (issue 14): after a correct password the server asks for a
// code from the authenticator app (or a recovery code, or the passkey). Same card, fields and
// error box as the password step.
import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, ShieldCheck } from "lucide-react";
import { MFA_TEXTS, codeBodySchema } from "../../common/schemas/mfa";
import type { CurrentUser, MfaChallenge } from "../../common/types";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { RequestError, apiRequest } from "../lib/api";
import { passkeyErrorText, passkeysSupported, signInWithPasskey } from "./passkey";

type Mode = "totp" | "recovery";

/** Answers that end the pending login: back to username and password, with the reason. */
const endsPendingLogin = (err: unknown) =>
  err instanceof RequestError && (err.status === 429 || (err.status === 401 && err.serverMessage === MFA_TEXTS.pendingExpired));

export function MfaStep({
  challenge,
  onSuccess,
  onRestart,
}: {
  challenge: MfaChallenge;
  onSuccess: (user: CurrentUser) => void;
  /** Back to the password step; `reason` is shown there. */
  onRestart: (reason?: string) => void;
}) {
  const hasTotp = challenge.methods.includes("totp");
  const hasPasskey = challenge.methods.includes("passkey") && passkeysSupported();
  const [mode, setMode] = useState<Mode>("totp");
  const [error, setError] = useState<string | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  const form = useForm<{ code: string }>({ resolver: zodResolver(codeBodySchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;

  const fail = (err: unknown, fallback: string) => {
    if (endsPendingLogin(err)) return onRestart((err as RequestError).serverMessage ?? fallback);
    setError(err instanceof RequestError ? (err.serverMessage ?? fallback) : fallback);
  };

  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      onSuccess(await apiRequest<CurrentUser>("POST", "/api/login/mfa", { code }));
    } catch (err) {
      form.setValue("code", "");
      fail(err, MFA_TEXTS.codeInvalid);
    }
  });

  const usePasskey = async () => {
    setError(null);
    setPasskeyPending(true);
    try {
      onSuccess(await signInWithPasskey());
    } catch (err) {
      if (endsPendingLogin(err)) fail(err, MFA_TEXTS.passkeyFailed);
      else setError(passkeyErrorText(err));
    } finally {
      setPasskeyPending(false);
    }
  };

  const switchMode = () => {
    setMode((m) => (m === "totp" ? "recovery" : "totp"));
    setError(null);
    form.reset({ code: "" });
  };

  return (
    <div className="space-y-4" data-testid="mfa-step">
      <div className="flex gap-3 rounded-md border border-brand-100 bg-brand-50 p-3 text-sm text-slate-700" role="status">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-slate-900">Anmeldung bestätigen</p>
          <p>
            {!hasTotp
              ? "Bestätigen Sie die Anmeldung mit Ihrem Passkey."
              : mode === "totp"
                ? "Geben Sie den 6-stelligen Code aus Ihrer Authenticator-App ein."
                : "Geben Sie einen Ihrer Wiederherstellungscodes ein. Jeder Code gilt nur einmal."}
          </p>
        </div>
      </div>
      {hasTotp ? (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="mfa-code" label={mode === "totp" ? "Bestätigungscode" : "Wiederherstellungscode"} error={errors.code?.message}>
            <Input
              id="mfa-code"
              key={mode}
              autoFocus
              inputMode={mode === "totp" ? "numeric" : "text"}
              autoComplete="one-time-code"
              placeholder={mode === "totp" ? "123456" : "xxxxx-xxxxx"}
              maxLength={mode === "totp" ? 7 : 20}
              aria-invalid={!!errors.code}
              {...form.register("code")}
            />
          </Field>
          {error ? (
            <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? "Wird geprüft..." : "Bestätigen"}
          </Button>
          <Button type="button" variant="link" className="w-full" onClick={switchMode}>
            {mode === "totp" ? "Wiederherstellungscode verwenden" : "Code aus der Authenticator-App verwenden"}
          </Button>
        </form>
      ) : error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {hasPasskey ? (
        <Button type="button" variant={hasTotp ? "outline" : "default"} className="w-full" onClick={usePasskey} disabled={passkeyPending}>
          <KeyRound /> {passkeyPending ? "Passkey wird geprüft..." : "Mit Passkey bestätigen"}
        </Button>
      ) : null}
      <Button type="button" variant="ghost" className="w-full" onClick={() => onRestart()}>
        Zurück zur Anmeldung
      </Button>
    </div>
  );
}
