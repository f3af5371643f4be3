// The admin's password reset for another user (requirements 2.2, 2.5, 2.8).
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Eye, EyeOff } from "lucide-react";
import { resetPasswordSchema, type ResetPasswordInput } from "../../common/schemas/user";
import type { AdminPasswordReset, UserDto } from "../../common/types";
import { PasswordChecklist } from "../auth/PasswordChecklist";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { displayName } from "../layout/Sidebar";
import { userErrorText } from "./messages";

/** The notice mail (never containing the password); null: no mail server configured. */
const resetMailOutcome = (mailed: boolean | null | undefined) =>
  mailed === true
    ? " Der Benutzer wurde per E-Mail benachrichtigt (ohne Passwort)."
    : mailed === false
      ? " Die Benachrichtigung per E-Mail konnte nicht gesendet werden – bitte informieren Sie den Benutzer direkt."
      : "";

export function ResetPasswordDialog({ user, open, onOpenChange }: { user: UserDto; open: boolean; onOpenChange: (o: boolean) => void }) {
  const [show, setShow] = useState(false);
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: "" } });
  const password = useWatch({ control: form.control, name: "newPassword" });
  const error = form.formState.errors.newPassword?.message;

  const reset = useMutation({
    mutationFn: (body: ResetPasswordInput) => apiRequest<AdminPasswordReset>("POST", `/api/users/${user.id}/reset-password`, body),
    onSuccess: (res) => {
      toast({
        title: "Passwort zurückgesetzt",
        description: `Das neue Passwort für ${displayName(user)} ist gesetzt. Bestehende Anmeldungen wurden beendet.${resetMailOutcome(res?.mailed)}`,
      });
      form.reset();
      onOpenChange(false);
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Speichern",
        description: `Das Passwort konnte nicht zurückgesetzt werden: ${userErrorText(err)}`,
        variant: "destructive",
      }),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Passwort zurücksetzen</DialogTitle>
          <DialogDescription>
            Legen Sie ein neues Passwort für {displayName(user)} (@{user.username}) fest und teilen Sie es dem Benutzer auf sicherem Weg
            mit.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit((v) => reset.mutate(v))} className="space-y-4" noValidate>
          <Field id="reset-password" label="Neues Passwort" error={error}>
            <div className="relative">
              <Input
                id="reset-password"
                type={show ? "text" : "password"}
                autoComplete="new-password"
                className="pr-10"
                aria-invalid={!!error}
                {...form.register("newPassword")}
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
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={reset.isPending}>
              Passwort zurücksetzen
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
