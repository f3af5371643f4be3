// Konto: password change (requirements 2.5 and 2.8; a super admin needs no current password), and
// issue 14's second factor, passkeys and signed-in devices. While a required second factor is
// missing only its enrolment is shown.
import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { passwordChangeError } from "../../common/schemas/user";
import type { CurrentUser, MessageDto } from "../../common/types";
import { PasswordChecklist } from "../auth/PasswordChecklist";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { PASSWORD_CHANGE_FAILED, isWrongCurrentPassword, passwordChangeErrorText } from "./password-change";
import { ShieldAlert } from "lucide-react";
import { MFA_TEXTS } from "../../common/schemas/mfa";
import { PasskeysCard } from "./PasskeysCard";
import { SessionsCard } from "./SessionsCard";
import { TwoFactorCard } from "./TwoFactorCard";

const EMPTY = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function AccountTab({ me }: { me: CurrentUser }) {
  if (me.isImpersonating) return <PasswordCard me={me} />;
  if (me.mfaSetupRequired) {
    return (
      <div className="space-y-6">
        <div
          className="flex gap-3 rounded-md border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          role="alert"
          data-testid="mfa-required"
        >
          <ShieldAlert className="mt-0.5 size-5 shrink-0" />
          <p>{MFA_TEXTS.required}</p>
        </div>
        <TwoFactorCard />
        <PasskeysCard />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <PasswordCard me={me} />
      <TwoFactorCard />
      <PasskeysCard />
      <SessionsCard />
    </div>
  );
}

function PasswordCard({ me }: { me: CurrentUser }) {
  const [values, setValues] = useState(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));
  // A function, not a component: a component defined here would remount (and lose focus) on every keystroke.
  const passwordField = (name: keyof typeof EMPTY, id: string, label: string, autoComplete: string) => (
    <Field id={id} label={label}>
      <Input id={id} type="password" autoComplete={autoComplete} value={values[name]} onChange={set(name)} />
    </Field>
  );

  const change = useMutation({
    mutationFn: () =>
      apiRequest<MessageDto>("POST", "/api/user/change-password", {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
      }),
    onSuccess: () => {
      setValues(EMPTY);
      toast({ title: "Passwort geändert", description: "Ihr Passwort wurde erfolgreich geändert. Andere Anmeldungen wurden beendet." });
      void queryClient.invalidateQueries({ queryKey: ["/api/user/sessions"] });
    },
    onError: (err) => {
      if (isWrongCurrentPassword(err)) setValues((v) => ({ ...v, currentPassword: "" }));
      toast({ title: PASSWORD_CHANGE_FAILED, description: passwordChangeErrorText(err), variant: "destructive" });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const error = passwordChangeError(values, true);
    setProblem(error);
    if (!error) change.mutate();
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Passwort ändern</CardTitle>
        <CardDescription>Geben Sie Ihr aktuelles Passwort und zweimal das neue Passwort ein.</CardDescription>
      </CardHeader>
      <CardContent>
        {me.isImpersonating ? (
          <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Während einer Impersonation kann das Passwort nicht geändert werden.
          </p>
        ) : (
          <form onSubmit={submit} className="max-w-md space-y-4" noValidate>
            {passwordField("currentPassword", "current-password", "Aktuelles Passwort", "current-password")}
            {passwordField("newPassword", "new-password", "Neues Passwort", "new-password")}
            <PasswordChecklist password={values.newPassword} />
            {passwordField("confirmPassword", "confirm-password", "Neues Passwort bestätigen", "new-password")}
            {problem ? (
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
                {problem}
              </p>
            ) : null}
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Wird geändert..." : "Passwort ändern"}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
