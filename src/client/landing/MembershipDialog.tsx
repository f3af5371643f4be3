// The membership-request dialog of requirements 1.2, loaded only when a pricing button is
// used. Validated with the shared schema; on success it closes and resets (kontaktWunsch back
// to e-mail), on failure it stays open with the entries kept.
import { useEffect, useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { PACKAGE_NAMES } from "../../common/prices";
import {
  EMPTY_MEMBERSHIP_REQUEST,
  membershipRequestSchema,
  type MembershipRequest,
  type MembershipRequestInput,
} from "../../common/schemas/inquiry";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { preloadToaster } from "../site/DeferredToaster";
import { submitMembershipRequest } from "./membership-submit";
import { PrivacyNote } from "../legal/PrivacyNote";

// The dialog reports through toasts, also when the connection is gone: fetch that code now.
preloadToaster();

const LEGAL_FORMS = ["GmbH", "GmbH & Co. KG", "AG", "KG", "OHG", "UG (haftungsbeschränkt)", "GbR", "e.K.", "Einzelunternehmen"];

type TextField = Exclude<keyof MembershipRequestInput, "kontaktWunsch" | "packageId">;
const FIELDS: { name: TextField; label: string; type?: string; autoComplete?: string; wide?: boolean }[] = [
  { name: "firmenname", label: "Firmenname", autoComplete: "organization", wide: true },
  { name: "rechtsform", label: "Rechtsform" },
  { name: "ansprechpartner", label: "Ansprechpartner", autoComplete: "name" },
  { name: "strasse", label: "Straße und Hausnummer", autoComplete: "street-address", wide: true },
  { name: "plz", label: "PLZ", autoComplete: "postal-code" },
  { name: "ort", label: "Ort", autoComplete: "address-level2" },
  { name: "email", label: "E-Mail", type: "email", autoComplete: "email" },
  { name: "telefon", label: "Telefon", type: "tel", autoComplete: "tel" },
  { name: "rechnungsEmail", label: "Rechnungs-E-Mail", type: "email", wide: true },
];

export default function MembershipDialog({
  open,
  onOpenChange,
  packageId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  packageId: number;
}) {
  const uid = useId();
  const form = useForm<MembershipRequestInput, unknown, MembershipRequest>({
    resolver: zodResolver(membershipRequestSchema),
    defaultValues: { ...EMPTY_MEMBERSHIP_REQUEST, packageId },
  });
  const { errors, isSubmitting } = form.formState;

  // A pricing button chooses the package each time it opens the dialog.
  useEffect(() => {
    if (open) form.setValue("packageId", packageId);
  }, [open, packageId, form]);

  const submit = form.handleSubmit(async (values) => {
    if (await submitMembershipRequest(values)) {
      form.reset({ ...EMPTY_MEMBERSHIP_REQUEST, packageId: values.packageId });
      onOpenChange(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !isSubmitting && onOpenChange(o)}>
      <DialogContent className="max-w-2xl" data-testid="membership-dialog">
        <DialogHeader>
          <DialogTitle>Mitgliedschaft anfragen</DialogTitle>
          <DialogDescription>
            Alle Pakete sind nur nach persönlicher Kontaktaufnahme verfügbar. Wir melden uns auf Ihrem bevorzugten Weg und besprechen den
            Umfang mit Ihnen. Alle Felder sind Pflichtfelder.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <Field id={`${uid}-packageId`} label="Paket" error={errors.packageId?.message}>
            <NativeSelect id={`${uid}-packageId`} {...form.register("packageId", { valueAsNumber: true })}>
              {Object.entries(PACKAGE_NAMES).map(([id, name]) => (
                <option key={id} value={id}>
                  {name}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <div key={f.name} className={f.wide ? "sm:col-span-2" : undefined}>
                <Field id={`${uid}-${f.name}`} label={f.label} error={errors[f.name]?.message}>
                  <Input
                    id={`${uid}-${f.name}`}
                    type={f.type ?? "text"}
                    autoComplete={f.autoComplete}
                    list={f.name === "rechtsform" ? `${uid}-legal-forms` : undefined}
                    aria-invalid={!!errors[f.name]}
                    aria-describedby={errors[f.name] ? `${uid}-${f.name}-error` : undefined}
                    {...form.register(f.name)}
                  />
                </Field>
              </div>
            ))}
          </div>
          <datalist id={`${uid}-legal-forms`}>
            {LEGAL_FORMS.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">Bevorzugte Kontaktaufnahme</legend>
            <div className="flex gap-6">
              {(
                [
                  ["email", "per E-Mail"],
                  ["telefon", "per Telefon"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="inline-flex items-center gap-2 text-sm text-slate-800">
                  <input type="radio" value={value} className="size-4 accent-brand-700" {...form.register("kontaktWunsch")} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
          <PrivacyNote />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting ? "Wird gesendet..." : "Anfrage absenden"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
