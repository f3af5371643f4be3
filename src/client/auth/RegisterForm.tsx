import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Eye, EyeOff } from "lucide-react";
import { registerFormSchema, registerFormWithEmailSchema, type RegisterFormInput } from "../../common/schemas/auth";
import { invitedRoleLabel } from "../../common/roles";
import type { CurrentUser, RegistrationLinkValidation } from "../../common/types";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { apiRequest } from "../lib/api";
import { NO_LINK, registrationErrorText } from "./messages";
import { PasswordChecklist } from "./PasswordChecklist";
import { PrivacyNote } from "../legal/PrivacyNote";

export function RegisterForm({
  token,
  invitation,
  onSuccess,
}: {
  token: string | null;
  invitation: RegistrationLinkValidation;
  onSuccess: (u: CurrentUser) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  // The first-start invitation names no e-mail: the first super admin chooses it here.
  const chooseEmail = !invitation.email;
  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(chooseEmail ? registerFormWithEmailSchema : registerFormSchema),
    defaultValues: { firstName: "", lastName: "", username: "", password: "", confirmPassword: "", ...(chooseEmail ? { email: "" } : {}) },
  });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: "password" });

  const submit = form.handleSubmit(async (v) => {
    setError(null);
    if (!token) return setError(NO_LINK);
    try {
      const user = await apiRequest<CurrentUser>("POST", "/api/register", {
        username: v.username,
        firstName: v.firstName,
        lastName: v.lastName,
        password: v.password,
        email: chooseEmail ? v.email : invitation.email,
        role: invitation.role,
        ...(invitation.companyId ? { companyId: invitation.companyId } : {}),
        token,
      });
      onSuccess(user);
    } catch (err) {
      setError(registrationErrorText(err));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <div className="rounded-md border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900" data-testid="invitation-banner">
        Sie wurden als <strong>{invitedRoleLabel(invitation.role ?? "user")}</strong> eingeladen.{" "}
        {chooseEmail ? (
          "Geben Sie unten die E-Mail-Adresse für Ihr Konto an."
        ) : (
          <>
            Ihr Konto wird mit der E-Mail-Adresse <strong>{invitation.email}</strong> angelegt.
          </>
        )}
      </div>
      {chooseEmail ? (
        <Field id="reg-email" label="E-Mail-Adresse" error={errors.email?.message}>
          <Input id="reg-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register("email")} />
        </Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="reg-first" label="Vorname" error={errors.firstName?.message}>
          <Input id="reg-first" autoComplete="given-name" aria-invalid={!!errors.firstName} {...form.register("firstName")} />
        </Field>
        <Field id="reg-last" label="Nachname" error={errors.lastName?.message}>
          <Input id="reg-last" autoComplete="family-name" aria-invalid={!!errors.lastName} {...form.register("lastName")} />
        </Field>
      </div>
      <Field id="reg-username" label="Benutzername" error={errors.username?.message}>
        <Input id="reg-username" autoComplete="username" aria-invalid={!!errors.username} {...form.register("username")} />
      </Field>
      <Field id="reg-password" label="Passwort" error={errors.password?.message}>
        <div className="relative">
          <Input
            id="reg-password"
            type={showPassword ? "text" : "password"}
            autoComplete="new-password"
            className="pr-10"
            aria-invalid={!!errors.password}
            {...form.register("password")}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-500 hover:text-slate-800"
            onClick={() => setShowPassword((s) => !s)}
            aria-label={showPassword ? "Passwort verbergen" : "Passwort anzeigen"}
          >
            {showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
          </button>
        </div>
      </Field>
      <PasswordChecklist password={password ?? ""} />
      <Field id="reg-confirm" label="Passwort bestätigen" error={errors.confirmPassword?.message}>
        <Input
          id="reg-confirm"
          type={showPassword ? "text" : "password"}
          autoComplete="new-password"
          aria-invalid={!!errors.confirmPassword}
          {...form.register("confirmPassword")}
        />
      </Field>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Registrierung wird abgeschlossen..." : "Registrierung abschließen"}
      </Button>
      <PrivacyNote className="text-center" />
    </form>
  );
}
