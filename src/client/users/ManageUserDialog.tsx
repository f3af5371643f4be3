// "Verwalten" (requirements 2.2 and 2.6): personal data (super admin only), role, company
// (super admin only) and the password reset. Only changed fields are sent.
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { KeyRound, LockOpen, ShieldOff } from "lucide-react";
import { z } from "zod";
import { ROLES, ROLE_LABELS, type Role } from "../../common/roles";
import { assignableRoles, canEditPersonalData, canManageUser, userUpdateSchema, type UserUpdateInput } from "../../common/schemas/user";
import type { CurrentUser, LoginUnlock, UserDto } from "../../common/types";
import { CompanyPicker } from "../companies/CompanyPicker";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { toast } from "../hooks/use-toast";
import { RequestError, apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { displayName } from "../layout/Sidebar";
import { userErrorText } from "./messages";
import { ResetPasswordDialog } from "./ResetPasswordDialog";
import { ResetMfaDialog } from "./ResetMfaDialog";

// The form keeps the company as the select's string ("" = none) and is checked by the shared schema.
// An unchanged e-mail is not re-checked: older accounts may carry addresses like admin@localhost.
const personalSchema = (currentEmail: string) =>
  userUpdateSchema.required({ firstName: true, lastName: true, email: true, username: true, role: true }).extend({
    companyId: z.string(),
    email: z
      .string()
      .trim()
      .refine((v) => v === currentEmail || userUpdateSchema.shape.email.safeParse(v).success, "Gültige E-Mail-Adresse erforderlich"),
  });
type FormValues = z.infer<ReturnType<typeof personalSchema>>;
// Without the personal-data fields on screen only the role is checked (hidden values are not sent).
const roleOnlySchema = z.object({
  role: userUpdateSchema.shape.role.unwrap(),
  companyId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  username: z.string(),
});

function changedFields(user: UserDto, v: FormValues, personal: boolean, isSuper: boolean): UserUpdateInput {
  const out: UserUpdateInput = {};
  if (v.role !== user.role) out.role = v.role;
  if (isSuper) {
    const companyId = v.companyId === "" ? null : Number(v.companyId);
    if (companyId !== user.companyId) out.companyId = companyId;
  }
  if (personal) {
    if (v.firstName !== (user.firstName ?? "")) out.firstName = v.firstName;
    if (v.lastName !== (user.lastName ?? "")) out.lastName = v.lastName;
    if (v.email !== user.email) out.email = v.email;
    if (v.username !== user.username) out.username = v.username;
  }
  return out;
}

export function ManageUserDialog(props: { me: CurrentUser; user: UserDto; open: boolean; onOpenChange: (o: boolean) => void }) {
  const { me, user, onOpenChange } = props;
  const isSuper = me.role === "super_admin";
  const personal = canEditPersonalData(me) && me.id !== user.id;
  const roles: readonly Role[] = assignableRoles(me).includes(user.role) ? assignableRoles(me) : ROLES.filter((r) => r === user.role);
  const [resetOpen, setResetOpen] = useState(false);
  const [resetMfaOpen, setResetMfaOpen] = useState(false);
  const form = useForm<FormValues>({
    resolver: zodResolver(personal ? personalSchema(user.email) : roleOnlySchema),
    defaultValues: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
      username: user.username,
      role: user.role,
      companyId: user.companyId === null ? "" : String(user.companyId),
    },
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (body: UserUpdateInput) => apiRequest<UserDto>("PATCH", `/api/users/${user.id}`, body),
    onSuccess: (updated) => {
      void queryClient.invalidateQueries({ queryKey: ["/api/users"] });
      toast({ title: "Benutzer aktualisiert", description: `Die Einstellungen von ${displayName(updated)} wurden gespeichert.` });
      onOpenChange(false);
    },
    onError: (err) => {
      const text = userErrorText(err);
      if (err instanceof RequestError && err.status === 409) {
        form.setError(text.includes("Benutzername") ? "username" : "email", { message: text });
      }
      toast({
        title: "Fehler beim Aktualisieren",
        description: `Die Benutzereinstellungen konnten nicht aktualisiert werden: ${text}`,
        variant: "destructive",
      });
    },
  });

  const unlock = useMutation({
    mutationFn: () => apiRequest<LoginUnlock>("POST", `/api/users/${user.id}/unlock-login`, {}),
    onSuccess: (res) => toast({ title: "Anmeldesperre", description: res.message }),
    onError: (err) => toast({ title: "Fehler beim Aktualisieren", description: userErrorText(err), variant: "destructive" }),
  });

  const submit = form.handleSubmit((values) => {
    const body = changedFields(user, values, personal, isSuper);
    if (Object.keys(body).length === 0) return onOpenChange(false);
    save.mutate(body);
  });

  return (
    <Dialog open={props.open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Benutzer verwalten</DialogTitle>
          <DialogDescription>
            {displayName(user)} (@{user.username})
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          {personal ? (
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-slate-900">Persönliche Daten</legend>
              <Field id="manage-first" label="Vorname" error={errors.firstName?.message}>
                <Input id="manage-first" {...form.register("firstName")} />
              </Field>
              <Field id="manage-last" label="Nachname" error={errors.lastName?.message}>
                <Input id="manage-last" {...form.register("lastName")} />
              </Field>
              <Field id="manage-email" label="E-Mail" error={errors.email?.message}>
                <Input id="manage-email" type="email" aria-invalid={!!errors.email} {...form.register("email")} />
              </Field>
              <Field id="manage-username" label="Benutzername" error={errors.username?.message}>
                <Input id="manage-username" aria-invalid={!!errors.username} {...form.register("username")} />
              </Field>
            </fieldset>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="manage-role" label="Rolle" error={errors.role?.message}>
              <NativeSelect id="manage-role" {...form.register("role")}>
                {roles.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {isSuper ? (
              <Field id="manage-company" label="Unternehmen">
                {/* The current company shows at once from the user row; it changes only when another option is picked. */}
                <Controller
                  control={form.control}
                  name="companyId"
                  render={({ field }) => (
                    <CompanyPicker
                      id="manage-company"
                      value={field.value === "" ? null : Number(field.value)}
                      onChange={(id) => field.onChange(id === null ? "" : String(id))}
                      selectedName={user.companyName}
                      noneLabel="Kein Unternehmen"
                    />
                  )}
                />
              </Field>
            ) : (
              <div className="space-y-1.5">
                <p className="text-sm font-medium text-slate-700">Unternehmen</p>
                <p className="flex h-10 items-center text-sm text-slate-600">{user.companyName ?? "Ihr Unternehmen"}</p>
              </div>
            )}
          </div>
          <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">Neues Passwort für diesen Benutzer festlegen.</p>
            <Button type="button" variant="outline" size="sm" disabled={!canManageUser(me, user)} onClick={() => setResetOpen(true)}>
              <KeyRound /> Passwort zurücksetzen
            </Button>
          </div>
          {isSuper && me.id !== user.id ? (
            <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">Nach zu vielen falschen Passwörtern gesperrte Anmeldung wieder freigeben.</p>
              <Button type="button" variant="outline" size="sm" disabled={unlock.isPending} onClick={() => unlock.mutate()}>
                <LockOpen /> Anmeldesperre aufheben
              </Button>
            </div>
          ) : null}
          {isSuper && me.id !== user.id && (user.mfaEnabled || user.passkeyCount > 0) ? (
            <div className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">
                Zwei-Faktor-Anmeldung aktiv
                {user.passkeyCount > 0 ? ` (${user.passkeyCount === 1 ? "1 Passkey" : `${user.passkeyCount} Passkeys`})` : ""}.
              </p>
              <Button type="button" variant="outline" size="sm" onClick={() => setResetMfaOpen(true)}>
                <ShieldOff /> Zwei-Faktor-Anmeldung zurücksetzen
              </Button>
            </div>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Wird gespeichert..." : "Speichern"}
            </Button>
          </DialogFooter>
        </form>
        <ResetPasswordDialog user={user} open={resetOpen} onOpenChange={setResetOpen} />
        {isSuper ? <ResetMfaDialog user={user} open={resetMfaOpen} onOpenChange={setResetMfaOpen} /> : null}
      </DialogContent>
    </Dialog>
  );
}
