// The edit mode of the detail page (requirements 1.5 "Edit project"); super admins also set
// the status.
import { useForm } from "react-hook-form";
import { z } from "zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { canChangeStatus } from "../../common/project-access";
import { findProjectStatus, PROJECT_STATUSES } from "../../common/project-status";
import { projectUpdateSchema, type ProjectUpdateInput } from "../../common/schemas/project";
import type { ProjectDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Input, Textarea } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { useSessionUser } from "../layout/session-user";
import { invalidateProjects } from "./project-api";

// The server checks the status against the vocabulary; the form keeps a stored unknown value.
const editFormSchema = projectUpdateSchema.extend({ status: z.string().optional() });

export function ProjectEditForm({ project, onDone }: { project: ProjectDto; onDone: () => void }) {
  const user = useSessionUser();
  const qc = useQueryClient();
  const mayChangeStatus = canChangeStatus(user);
  const form = useForm<ProjectUpdateInput>({
    resolver: zodResolver(editFormSchema),
    defaultValues: {
      name: project.name,
      costCenter: project.costCenter ?? "",
      contactPerson: project.contactPerson ?? "",
      contactEmail: project.contactEmail ?? "",
      description: project.description ?? "",
      ...(mayChangeStatus ? { status: project.status } : {}),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const body = { ...values };
    if (!mayChangeStatus || body.status === project.status) delete body.status;
    try {
      await apiRequest("PUT", `/api/projects/${project.id}`, body);
      toast({ title: "Projekt aktualisiert", description: "Die Änderungen wurden gespeichert." });
      await invalidateProjects(qc, project.id);
      onDone();
    } catch (err) {
      toast({
        title: "Fehler beim Aktualisieren",
        description: "Fehler beim Aktualisieren des Projekts: " + errorMessage(err, "Unbekannter Fehler"),
        variant: "destructive",
      });
    }
  });

  // A stored status outside the vocabulary stays selectable as it is.
  const unknownStatus = findProjectStatus(project.status) ? null : project.status;

  return (
    <form onSubmit={submit} className="space-y-4" noValidate data-testid="project-edit-form">
      <Field id="edit-name" label="Projektname" error={errors.name?.message}>
        <Input id="edit-name" aria-invalid={!!errors.name} {...form.register("name")} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="edit-cost-center" label="Kostenstelle" error={errors.costCenter?.message}>
          <Input id="edit-cost-center" {...form.register("costCenter")} />
        </Field>
        <Field id="edit-contact-person" label="Ansprechpartner" error={errors.contactPerson?.message}>
          <Input id="edit-contact-person" {...form.register("contactPerson")} />
        </Field>
      </div>
      <Field id="edit-contact-email" label="Kontakt-E-Mail" error={errors.contactEmail?.message}>
        <Input id="edit-contact-email" type="email" aria-invalid={!!errors.contactEmail} {...form.register("contactEmail")} />
      </Field>
      <Field id="edit-description" label="Beschreibung" error={errors.description?.message}>
        <Textarea id="edit-description" rows={4} {...form.register("description")} />
      </Field>
      {mayChangeStatus ? (
        <Field id="edit-status" label="Status">
          <NativeSelect id="edit-status" {...form.register("status")}>
            {unknownStatus ? <option value={unknownStatus}>{unknownStatus}</option> : null}
            {PROJECT_STATUSES.map((s) => (
              <option key={s.value} value={findProjectStatus(project.status) === s ? project.status : s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Abbrechen
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Wird gespeichert..." : "Speichern"}
        </Button>
      </div>
    </form>
  );
}
