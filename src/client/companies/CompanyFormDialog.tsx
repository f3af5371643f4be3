// Create/edit a company (requirements 2.5): the shared companySchema checks the form and the
// server. The chatbot quota is a choice (unbegrenzt = -1, nicht gebucht = 0, Kontingent with a
// number), not a number with a code to remember (issue 27).
import { useForm, type UseFormReturn } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import type { z } from "zod";
import { companySchema } from "../../common/schemas/company";
import type { CompanyDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";

type FormIn = z.input<typeof companySchema>;
type FormOut = z.output<typeof companySchema>;

export function CompanyFormDialog({
  company,
  open,
  onOpenChange,
}: {
  company: CompanyDto | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const editing = company !== null;
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(companySchema),
    defaultValues: {
      name: company?.name ?? "",
      address: company?.address ?? "",
      contactEmail: company?.contactEmail ?? "",
      contactPhone: company?.contactPhone ?? "",
      freeChatbotRequestsPerMonth: String(company?.freeChatbotRequestsPerMonth ?? -1),
    },
  });
  const { errors } = form.formState;

  const save = useMutation({
    mutationFn: (body: FormOut) =>
      editing
        ? apiRequest<CompanyDto>("PATCH", `/api/companies/${company.id}`, body)
        : apiRequest<CompanyDto>("POST", "/api/companies", body),
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: ["/api/companies"] });
      void queryClient.invalidateQueries({ queryKey: [`/api/companies/${saved.id}`] });
      toast({ title: editing ? "Unternehmen aktualisiert" : "Unternehmen erstellt", description: `${saved.name} wurde gespeichert.` });
      onOpenChange(false);
    },
    onError: (err) =>
      toast({
        title: editing ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen",
        description: errorMessage(err, "Das Unternehmen konnte nicht gespeichert werden."),
        variant: "destructive",
      }),
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{editing ? "Unternehmen bearbeiten" : "Neues Unternehmen"}</DialogTitle>
          <DialogDescription>
            {editing ? `ID ${company.id}` : "Legen Sie einen neuen Kunden an. Benutzer laden Sie danach unter „Benutzer“ ein."}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={form.handleSubmit((v) => save.mutate(v))} className="space-y-4" noValidate>
          <Field id="co-name" label="Name" error={errors.name?.message}>
            <Input id="co-name" aria-invalid={!!errors.name} {...form.register("name")} />
          </Field>
          <Field id="co-address" label="Adresse" error={errors.address?.message}>
            <Input id="co-address" aria-invalid={!!errors.address} {...form.register("address")} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="co-email" label="Kontakt-E-Mail" error={errors.contactEmail?.message}>
              <Input id="co-email" type="email" aria-invalid={!!errors.contactEmail} {...form.register("contactEmail")} />
            </Field>
            <Field id="co-phone" label="Telefon" error={errors.contactPhone?.message}>
              <Input id="co-phone" type="tel" {...form.register("contactPhone")} />
            </Field>
          </div>
          <QuotaChoice form={form} error={errors.freeChatbotRequestsPerMonth?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Wird gespeichert..." : editing ? "Speichern" : "Erstellen"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type QuotaMode = "unlimited" | "none" | "quota";
const QUOTA_CHOICES: [QuotaMode, string][] = [
  ["unlimited", "Unbegrenzt"],
  ["none", "Nicht gebucht"],
  ["quota", "Kontingent"],
];
const modeOf = (v: unknown): QuotaMode => (v === "" || v === "-1" || v === -1 ? "unlimited" : v === "0" || v === 0 ? "none" : "quota");

function QuotaChoice({ form, error }: { form: UseFormReturn<FormIn, unknown, FormOut>; error?: string }) {
  const value = form.watch("freeChatbotRequestsPerMonth");
  const mode = modeOf(value);
  const choose = (m: QuotaMode) =>
    form.setValue("freeChatbotRequestsPerMonth", m === "unlimited" ? "-1" : m === "none" ? "0" : "250", {
      shouldDirty: true,
      shouldValidate: false,
    });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-900">Chatbot-Kontingent</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {QUOTA_CHOICES.map(([m, label]) => (
          <label key={m} className="inline-flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="co-quota-mode" className="size-4 accent-brand-700" checked={mode === m} onChange={() => choose(m)} />
            {label}
          </label>
        ))}
      </div>
      {mode === "quota" ? (
        <Field id="co-limit" label="Freie Chatbot-Anfragen pro Monat" error={error}>
          <Input
            id="co-limit"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            aria-invalid={!!error}
            {...form.register("freeChatbotRequestsPerMonth")}
          />
        </Field>
      ) : error ? (
        <p className="text-sm text-red-700">{error}</p>
      ) : null}
    </fieldset>
  );
}
