import { lazy, Suspense, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { ACCOUNT_LOCKED_CODE, loginSchema, type LoginInput } from "../../common/schemas/auth";
import type { CurrentUser, LoginResult, MfaChallenge } from "../../common/types";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { RequestError, apiRequest } from "../lib/api";
import { Spinner } from "../components/ui/spinner";
import { loginErrorText } from "./messages";
import { PrivacyNote } from "../legal/PrivacyNote";
import { Link } from "react-router";

// The code step and the passkey code load only when needed: /auth stays light (issue 14).
const MfaStep = lazy(() => import("./MfaStep").then((m) => ({ default: m.MfaStep })));
const passkeysSupported = () => typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

export function LoginForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const [error, setError] = useState<string | null>(null);
  // A user with a second factor: the password was right, the code step follows (issue 14).
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const [passkeyPending, setPasskeyPending] = useState(false);
  // The account is locked after wrong passwords: password and code go together (login-throttle.ts).
  const [locked, setLocked] = useState(false);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "", code: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const { code, ...credentials } = values;
      const result = await apiRequest<LoginResult>("POST", "/api/login", locked && code ? { ...credentials, code } : credentials);
      if ("mfaRequired" in result) setChallenge(result);
      else onSuccess(result);
    } catch (err) {
      if (err instanceof RequestError && err.status === 429 && err.body.includes(`"${ACCOUNT_LOCKED_CODE}"`)) setLocked(true);
      setError(loginErrorText(err));
    }
  });

  const passkeyLogin = async () => {
    setError(null);
    setPasskeyPending(true);
    try {
      const passkey = await import("./passkey");
      try {
        onSuccess(await passkey.signInWithPasskey());
      } catch (err) {
        setError(passkey.passkeyErrorText(err));
      }
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setPasskeyPending(false);
    }
  };

  if (challenge) {
    return (
      <Suspense fallback={<Spinner />}>
        <MfaStep
          challenge={challenge}
          onSuccess={onSuccess}
          onRestart={(reason) => {
            setChallenge(null);
            form.setValue("password", "");
            setError(reason ?? null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="login-username" label="Benutzername" error={errors.username?.message}>
        <Input id="login-username" autoComplete="username webauthn" aria-invalid={!!errors.username} {...form.register("username")} />
      </Field>
      <Field id="login-password" label="Passwort" error={errors.password?.message}>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          aria-invalid={!!errors.password}
          {...form.register("password")}
        />
      </Field>
      <div className="-mt-2 text-right">
        <Link to="/passwort-zuruecksetzen" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          Passwort vergessen?
        </Link>
      </div>
      {locked ? (
        <Field id="login-code" label="Code aus der Authenticator-App oder Wiederherstellungscode" error={errors.code?.message}>
          <Input id="login-code" autoComplete="one-time-code" inputMode="text" {...form.register("code")} />
        </Field>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Wird angemeldet..." : "Anmelden"}
      </Button>
      {passkeysSupported() ? (
        <Button type="button" variant="outline" className="w-full" onClick={passkeyLogin} disabled={passkeyPending}>
          <KeyRound /> {passkeyPending ? "Passkey wird geprüft..." : "Mit Passkey anmelden"}
        </Button>
      ) : null}
      <p className="text-center text-xs text-slate-500">
        Für ein Konto benötigen Sie einen Einladungslink von Ihrem Unternehmensadministrator.
      </p>
      <PrivacyNote className="text-center" text="Zur Anmeldung speichern wir Sitzung und IP-Adresse; mehr in der" />
    </form>
  );
}
