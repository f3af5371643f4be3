import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginSchema, type LoginInput } from "../../common/schemas/auth";
import type { CurrentUser } from "../../common/types";
import { Button } from "../components/ui/button";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { apiRequest } from "../lib/api";
import { loginErrorText } from "./messages";

export function LoginForm({ onSuccess }: { onSuccess: (user: CurrentUser) => void }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { username: "", password: "" } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onSuccess(await apiRequest<CurrentUser>("POST", "/api/login", values));
    } catch (err) {
      setError(loginErrorText(err));
    }
  });

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="login-username" label="Benutzername" error={errors.username?.message}>
        <Input id="login-username" autoComplete="username" aria-invalid={!!errors.username} {...form.register("username")} />
      </Field>
      <Field id="login-password" label="Passwort" error={errors.password?.message}>
        <Input id="login-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register("password")} />
      </Field>
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Wird angemeldet..." : "Anmelden"}
      </Button>
      <p className="text-center text-xs text-slate-500">
        Für ein Konto benötigen Sie einen Einladungslink von Ihrem Unternehmensadministrator.
      </p>
    </form>
  );
}
