// "Benutzer einladen" (requirements 1.5, 1.6, 1.8): a super admin invites any role into a chosen
// company; a company admin invites plain users into its own company; without a company a
// company admin gets a notice instead of the form.
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Copy, Info, UserPlus } from "lucide-react";
import type { z } from "zod";
import { ROLES, ROLE_LABELS } from "../../common/roles";
import { registrationLinkSchema, type RegistrationLinkInput } from "../../common/schemas/registration-link";
import type { CompanyDto, CurrentUser } from "../../common/types";
import { CompanyPicker } from "../companies/CompanyPicker";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { LinkText, copyLink, invitationLink } from "../registration-links/copy-link";
import { NEEDS_COMPANY_NOTICE, userErrorText } from "./messages";

type FormValues = z.input<typeof registrationLinkSchema>;
interface CreatedLink {
  registrationLink: { token: string; email: string };
  /** Whether the invitation mail went out; null when no mail server is configured. */
  mailed?: boolean | null;
}

/** The mail outcome; the link is shown and copyable in every case (a failed mail loses nothing). */
function invitationOutcome(email: string, mailed: boolean | null | undefined): string {
  if (mailed === true) return `Die Einladung wurde an ${email} gesendet. Sie können den Link auch selbst weitergeben:`;
  if (mailed === false) return "Die Einladung konnte nicht per E-Mail gesendet werden – bitte den Link kopieren und weitergeben.";
  return `Senden Sie diesen Link an ${email}:`;
}

/** The toast of requirements 1.8; the link itself and its copy button stay in the dialog. */
function showInvitation(email: string, mailed: boolean | null | undefined) {
  toast({
    title: "Benutzereinladung erstellt",
    description: <span data-testid="invitation-mail-outcome">{invitationOutcome(email, mailed)}</span>,
    duration: 10_000,
  });
}

export function InviteUserButton({ me }: { me: CurrentUser }) {
  const [open, setOpen] = useState(false);
  const needsCompany = me.role === "company_admin" && me.companyId === null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <UserPlus /> Benutzer einladen
      </Button>
      {needsCompany ? (
        <Dialog open={open} onOpenChange={setOpen}>
          <DialogContent>
            <DialogHeader>
              <DialogTitle className="flex items-center gap-2">
                <Info className="size-5 text-brand-600" /> Unternehmen erforderlich
              </DialogTitle>
              <DialogDescription>{NEEDS_COMPANY_NOTICE}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button onClick={() => setOpen(false)}>Verstanden</Button>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ) : (
        <InviteUserDialog me={me} open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}

function InviteUserDialog({ me, open, onOpenChange }: { me: CurrentUser; open: boolean; onOpenChange: (o: boolean) => void }) {
  const isSuper = me.role === "super_admin";
  const { data: ownCompany } = useQuery<CompanyDto>({
    queryKey: [`/api/companies/${me.companyId}`],
    enabled: !isSuper && me.companyId !== null,
  });
  const defaults: FormValues = { email: "", role: "user", companyId: isSuper ? "" : (me.companyId ?? "") };
  const form = useForm<FormValues, unknown, RegistrationLinkInput>({
    resolver: zodResolver(registrationLinkSchema),
    defaultValues: defaults,
  });
  const { errors } = form.formState;

  // The link stays in the dialog with a copy button until it is closed (issue 27): without a mail
  // server it is the only way in, and the toast of requirements 1.8 is gone after 10 seconds.
  const [created, setCreated] = useState<{ email: string; link: string; mailed: boolean | null | undefined } | null>(null);
  const close = (o: boolean) => {
    if (!o) setCreated(null);
    onOpenChange(o);
  };

  const invite = useMutation({
    mutationFn: (body: RegistrationLinkInput) => apiRequest<CreatedLink>("POST", "/api/registration-links", body),
    onSuccess: (res) => {
      form.reset(defaults);
      void queryClient.invalidateQueries({ queryKey: ["/api/registration-links"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/registration-links/pending"] });
      const link = invitationLink(res.registrationLink.token);
      setCreated({ email: res.registrationLink.email, link, mailed: res.mailed });
      showInvitation(res.registrationLink.email, res.mailed);
    },
    onError: (err) => toast({ title: "Fehler beim Senden der Einladung", description: userErrorText(err), variant: "destructive" }),
  });

  const submit = form.handleSubmit(
    (values) => invite.mutate(values),
    (errs) => {
      if (isSuper && errs.companyId)
        toast({ title: "Unternehmen erforderlich", description: "Bitte wählen Sie ein Unternehmen aus.", variant: "destructive" });
    },
  );

  if (created)
    return (
      <Dialog open={open} onOpenChange={close}>
        <DialogContent data-testid="invitation-created">
          <DialogHeader>
            <DialogTitle>Einladung erstellt</DialogTitle>
            <DialogDescription>{invitationOutcome(created.email, created.mailed)}</DialogDescription>
          </DialogHeader>
          <LinkText link={created.link} />
          <p className="text-xs text-slate-600">Der Link gilt einmal. Offene Einladungen finden Sie unter „Benutzer“.</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setCreated(null)}>
              Weitere Einladung
            </Button>
            <Button type="button" variant="secondary" onClick={() => void copyLink(created.link, "Link kopiert!")}>
              <Copy /> Link kopieren
            </Button>
            <Button type="button" onClick={() => close(false)}>
              Schließen
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Benutzer einladen</DialogTitle>
          <DialogDescription>
            {isSuper
              ? "Erstellen Sie einen Einladungslink. Rolle und Unternehmen werden bei der Registrierung übernommen."
              : "Erstellen Sie einen Einladungslink für einen Benutzer Ihres Unternehmens."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="invite-email" label="E-Mail-Adresse" error={errors.email?.message}>
            <Input
              id="invite-email"
              type="email"
              autoComplete="off"
              placeholder="name@firma.de"
              aria-invalid={!!errors.email}
              {...form.register("email")}
            />
          </Field>
          {isSuper ? (
            <>
              <Field id="invite-role" label="Rolle" error={errors.role?.message}>
                <NativeSelect id="invite-role" {...form.register("role")}>
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {ROLE_LABELS[r]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="invite-company" label="Unternehmen" error={errors.companyId?.message}>
                <Controller
                  control={form.control}
                  name="companyId"
                  render={({ field }) => (
                    <CompanyPicker
                      id="invite-company"
                      value={field.value === "" || field.value == null ? null : Number(field.value)}
                      onChange={(id) => field.onChange(id ?? "")}
                      placeholder="Unternehmen auswählen"
                      invalid={!!errors.companyId}
                      describedBy={errors.companyId ? "invite-company-error" : undefined}
                    />
                  )}
                />
              </Field>
            </>
          ) : (
            <div className="rounded-md border bg-slate-50 p-3 text-sm text-slate-700">
              Rolle: <strong>{ROLE_LABELS.user}</strong>
              <br />
              Unternehmen: <strong>{ownCompany?.name ?? "Ihr Unternehmen"}</strong>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? "Wird erstellt..." : "Einladung erstellen"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
