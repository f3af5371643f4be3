// /passwort-zuruecksetzen ("Passwort vergessen?" on /auth): without a token the request by
// username or e-mail (or, without a mail server, the advice to ask the company admin); with the
// token from the mail the new password with the policy checklist.
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, Eye, EyeOff, Info } from "lucide-react";
import { z } from "zod";
import { PASSWORD_RESET_TEXTS, newPasswordFormSchema, passwordResetRequestSchema } from "../../common/schemas/password-reset";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { Spinner } from "../components/ui/spinner";
import { usePageTitle } from "../hooks/use-page-title";
import { apiRequest, errorMessage } from "../lib/api";
import type { MessageDto, PasswordResetAvailability } from "../../common/types";
import { PrivacyNote } from "../legal/PrivacyNote";
import { PasswordChecklist } from "./PasswordChecklist";

type RequestInput = z.infer<typeof passwordResetRequestSchema>;
const confirmForm = newPasswordFormSchema;
type ConfirmInput = z.infer<typeof confirmForm>;

function RequestForm() {
  const { data, isPending } = useQuery<PasswordResetAvailability>({ queryKey: ["/api/password-reset/available"] });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<RequestInput>({ resolver: zodResolver(passwordResetRequestSchema), defaultValues: { identifier: "" } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const res = await apiRequest<MessageDto>("POST", "/api/password-reset/request", values);
      setResult({ ok: true, text: res.message });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, "Die Anfrage konnte nicht gesendet werden. Bitte versuchen Sie es später erneut.") });
    }
  });
  if (isPending) return <Spinner label="Wird geladen..." />;
  if (!data?.available)
    return (
      <p className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="reset-no-mail">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden /> {PASSWORD_RESET_TEXTS.noMail}
      </p>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="reset-identifier" label="Benutzername oder E-Mail-Adresse" error={errors.identifier?.message}>
        <Input id="reset-identifier" autoComplete="username" aria-invalid={!!errors.identifier} {...form.register("identifier")} />
      </Field>
      {result ? (
        <p
          role={result.ok ? "status" : "alert"}
          className={`rounded-md border p-3 text-sm ${result.ok ? "border-emerald-200 bg-emerald-50 text-emerald-800" : "border-red-200 bg-red-50 text-red-700"}`}
          data-testid="reset-result"
        >
          {result.text}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Wird gesendet..." : "Link anfordern"}
      </Button>
      <PrivacyNote className="text-center" />
    </form>
  );
}

function ConfirmForm({ token }: { token: string }) {
  const [show, setShow] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<ConfirmInput>({ resolver: zodResolver(confirmForm), defaultValues: { password: "", confirmPassword: "" } });
  const { errors, isSubmitting } = form.formState;
  const password = form.watch("password");
  const submit = form.handleSubmit(async (values) => {
    setResult(null);
    try {
      const res = await apiRequest<MessageDto>("POST", "/api/password-reset/confirm", { ...values, token });
      setResult({ ok: true, text: res.message });
    } catch (err) {
      setResult({ ok: false, text: errorMessage(err, PASSWORD_RESET_TEXTS.invalidLink) });
    }
  });
  if (result?.ok)
    return (
      <div className="space-y-4">
        <p
          role="status"
          className="rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-800"
          data-testid="reset-result"
        >
          {result.text}
        </p>
        <Link to="/auth" className={buttonVariants({ className: "w-full" })}>
          Zur Anmeldung
        </Link>
      </div>
    );
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="reset-password" label="Neues Passwort" error={errors.password?.message}>
        <div className="relative">
          <Input
            id="reset-password"
            type={show ? "text" : "password"}
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            className="pr-10"
            {...form.register("password")}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 hover:text-slate-800"
            onClick={() => setShow((s) => !s)}
            aria-label={show ? "Passwort verbergen" : "Passwort anzeigen"}
          >
            {show ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        </div>
      </Field>
      <PasswordChecklist password={password ?? ""} />
      <Field id="reset-confirm" label="Passwort bestätigen" error={errors.confirmPassword?.message}>
        <Input
          id="reset-confirm"
          type={show ? "text" : "password"}
          autoComplete="new-password"
          aria-invalid={!!errors.confirmPassword}
          {...form.register("confirmPassword")}
        />
      </Field>
      {result ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700" data-testid="reset-result">
          {result.text}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Wird gespeichert..." : "Passwort speichern"}
      </Button>
    </form>
  );
}

export default function PasswordResetPage() {
  usePageTitle("Passwort zurücksetzen");
  const [params] = useSearchParams();
  const token = params.get("token");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-slate-50 p-4 sm:p-8">
      <div className="w-full max-w-md space-y-4">
        <Link to="/auth" className={buttonVariants({ variant: "ghost", className: "-ml-2" })}>
          <ArrowLeft /> Zurück zur Anmeldung
        </Link>
        <Card>
          <CardHeader>
            <h1 className="text-lg font-semibold leading-tight">{token ? "Neues Passwort festlegen" : "Passwort vergessen?"}</h1>
            <CardDescription>
              {token
                ? "Wählen Sie ein neues Passwort. Danach werden alle bestehenden Anmeldungen beendet."
                : "Geben Sie Ihren Benutzernamen oder Ihre E-Mail-Adresse ein. Wir schicken Ihnen einen Link, mit dem Sie ein neues Passwort festlegen."}
            </CardDescription>
          </CardHeader>
          <CardContent>{token ? <ConfirmForm token={token} /> : <RequestForm />}</CardContent>
        </Card>
      </div>
    </main>
  );
}
