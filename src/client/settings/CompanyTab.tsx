// Unternehmen (company admins and super admins): logo, name, address, contact e-mail, phone.
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { z } from "zod";
import { companySchema } from "../../common/schemas/company";
import type { CompanyDto, CurrentUser } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { NEEDS_COMPANY_NOTICE } from "../users/messages";
import { CompanyLogoUpload } from "./CompanyLogoUpload";
import { MfaPolicyCard } from "./MfaPolicyCard";

// The chatbot limit is the super admin's business (companies page), not part of this form.
const companyDataSchema = companySchema.omit({ freeChatbotRequestsPerMonth: true });
type FormIn = z.input<typeof companyDataSchema>;
type FormOut = z.output<typeof companyDataSchema>;

export function CompanyTab({ me }: { me: CurrentUser }) {
  if (me.companyId === null) {
    return (
      <Card>
        <CardContent className="space-y-2 pt-6 text-sm text-slate-600">
          {me.role === "super_admin" ? (
            <>
              <p>Ihrem Konto ist kein Unternehmen zugeordnet.</p>
              <Link to="/dashboard/companies" className="font-medium text-brand-700 hover:underline">
                Zur Unternehmensverwaltung
              </Link>
            </>
          ) : (
            <p>{NEEDS_COMPANY_NOTICE}</p>
          )}
        </CardContent>
      </Card>
    );
  }
  return <CompanySettings companyId={me.companyId} />;
}

function CompanySettings({ companyId }: { companyId: number }) {
  const { data: company, isPending, isError } = useQuery<CompanyDto>({ queryKey: [`/api/companies/${companyId}`] });
  if (isPending) return <Skeleton className="h-96 w-full" />;
  if (isError || !company) return <p className="text-sm text-red-600">Die Unternehmensdaten konnten nicht geladen werden.</p>;
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>Firmenlogo</CardTitle>
          <CardDescription>Das Logo erscheint in der Seitenleiste für alle Benutzer Ihres Unternehmens.</CardDescription>
        </CardHeader>
        <CardContent>
          <CompanyLogoUpload company={company} />
        </CardContent>
      </Card>
      <CompanyDataForm key={company.id} company={company} />
      <MfaPolicyCard company={company} />
    </div>
  );
}

function CompanyDataForm({ company }: { company: CompanyDto }) {
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(companyDataSchema),
    defaultValues: {
      name: company.name,
      address: company.address ?? "",
      contactEmail: company.contactEmail,
      contactPhone: company.contactPhone ?? "",
    },
  });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: FormOut) => apiRequest<CompanyDto>("PATCH", `/api/companies/${company.id}`, body),
    onSuccess: (updated) => {
      queryClient.setQueryData([`/api/companies/${company.id}`], updated);
      void queryClient.invalidateQueries({ queryKey: ["/api/companies"] });
      toast({ title: "Unternehmen gespeichert", description: "Die Unternehmensdaten wurden aktualisiert." });
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Speichern",
        description: errorMessage(err, "Die Unternehmensdaten konnten nicht gespeichert werden."),
        variant: "destructive",
      }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Unternehmensdaten</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={form.handleSubmit((v) => save.mutate(v))} className="grid gap-4 sm:grid-cols-2" noValidate>
          <Field id="company-name" label="Name" error={errors.name?.message}>
            <Input id="company-name" aria-invalid={!!errors.name} {...form.register("name")} />
          </Field>
          <Field id="company-email" label="Kontakt-E-Mail" error={errors.contactEmail?.message}>
            <Input id="company-email" type="email" aria-invalid={!!errors.contactEmail} {...form.register("contactEmail")} />
          </Field>
          <div className="sm:col-span-2">
            <Field id="company-address" label="Adresse" error={errors.address?.message}>
              <Input id="company-address" aria-invalid={!!errors.address} {...form.register("address")} />
            </Field>
          </div>
          <Field id="company-phone" label="Telefon" error={errors.contactPhone?.message}>
            <Input id="company-phone" type="tel" {...form.register("contactPhone")} />
          </Field>
          <div className="flex items-end sm:justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Wird gespeichert..." : "Speichern"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
