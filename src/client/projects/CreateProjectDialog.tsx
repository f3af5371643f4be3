// 'Neues Projekt': the create dialog of requirements 1.2 and 1.5 (name, costCenter,
// contactPerson, contactEmail, exactly one file ≤ 10 MB), sent with upload progress and a
// cancel button. A company admin without a company gets the info dialog instead.
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { Info, Plus } from "lucide-react";
import { canCreateProject } from "../../common/project-access";
import { DEFAULT_PROJECT_STATUS } from "../../common/project-status";
import { PROJECT_FILE_MAX_BYTES, PROJECT_MESSAGES, projectCreateSchema, type ProjectCreateInput } from "../../common/schemas/project";
import type { ProjectDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { CompanyPicker } from "../companies/CompanyPicker";
import { toast } from "../hooks/use-toast";
import { RequestError } from "../lib/api";
import { useSessionUser } from "../layout/session-user";
import { FileDropInput } from "./FileDropInput";
import { invalidateProjects, UploadCancelled, uploadWithProgress, type UploadHandle } from "./project-api";
import { UploadProgress } from "./UploadProgress";

export function fileError(file: File | null): string | undefined {
  if (!file) return PROJECT_MESSAGES.fileRequired;
  if (file.size > PROJECT_FILE_MAX_BYTES) return PROJECT_MESSAGES.fileTooLarge;
  return undefined;
}

const EMPTY: ProjectCreateInput = { name: "", costCenter: "", contactPerson: "", contactEmail: "" };

function NoCompanyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Info className="size-5 text-brand-600" /> Kein Unternehmen zugewiesen
          </DialogTitle>
          <DialogDescription>{PROJECT_MESSAGES.noCompany}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>Verstanden</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function CreateProjectDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (p: ProjectDto) => void;
}) {
  const user = useSessionUser();
  const qc = useQueryClient();
  const isSuperAdmin = user.role === "super_admin";
  const [file, setFile] = useState<File | null>(null);
  const [fileMessage, setFileMessage] = useState<string>();
  const [companyId, setCompanyId] = useState<number | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<UploadHandle<ProjectDto> | null>(null);
  const form = useForm<ProjectCreateInput>({ resolver: zodResolver(projectCreateSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const busy = progress !== null;

  const reset = () => {
    form.reset(EMPTY);
    setFile(null);
    setFileMessage(undefined);
    setCompanyId(null);
    setProgress(null);
  };

  const close = (next: boolean) => {
    if (!next && busy) return; // cancel the upload first
    if (!next) reset();
    onOpenChange(next);
  };

  const chooseFile = (f: File | null) => {
    setFile(f);
    setFileMessage(f ? fileError(f) : undefined);
  };

  const submit = form.handleSubmit(
    async (values) => {
      // The submit handler checks name and file again (requirements 1.5).
      const problem = fileError(file);
      if (problem || !values.name?.trim()) {
        setFileMessage(problem);
        return;
      }
      const body = new FormData();
      body.append("name", values.name.trim());
      body.append("costCenter", values.costCenter ?? "");
      body.append("contactPerson", values.contactPerson ?? "");
      body.append("contactEmail", values.contactEmail ?? "");
      body.append("status", DEFAULT_PROJECT_STATUS);
      body.append("companyId", String((isSuperAdmin ? companyId : user.companyId) ?? ""));
      body.append("file", file!, file!.name);
      setProgress(0);
      upload.current = uploadWithProgress<ProjectDto>("/api/projects", body, setProgress);
      try {
        const created = await upload.current.promise;
        toast({ title: "Projekt erstellt", description: "Das Projekt wurde erfolgreich erstellt." });
        await invalidateProjects(qc);
        reset();
        onOpenChange(false);
        onCreated?.(created);
      } catch (err) {
        setProgress(null);
        if (err instanceof UploadCancelled) {
          toast({ title: "Upload abgebrochen", description: "Das Projekt wurde nicht erstellt." });
          return;
        }
        if (err instanceof RequestError && err.errors) {
          for (const [field, message] of Object.entries(err.errors)) {
            if (field === "file") setFileMessage(message);
            else if (field in EMPTY) form.setError(field as keyof ProjectCreateInput, { message });
          }
        }
        if (err instanceof RequestError && err.status === 413) setFileMessage(PROJECT_MESSAGES.fileTooLarge);
        const message = err instanceof RequestError ? err.serverMessage : null;
        toast({
          title: "Fehler beim Erstellen des Projekts",
          description: message ?? "Projekt konnte nicht erstellt werden",
          variant: "destructive",
        });
      } finally {
        upload.current = null;
      }
    },
    () => setFileMessage(fileError(file)),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-xl" onInteractOutside={(e) => busy && e.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Neues Projekt erstellen</DialogTitle>
          <DialogDescription>
            Legen Sie ein Projekt an und laden Sie das Leistungsverzeichnis (GAEB X83/X84, PDF oder Excel) hoch.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="project-name" label="Projektname *" error={errors.name?.message}>
            <Input
              id="project-name"
              disabled={busy}
              aria-invalid={!!errors.name}
              placeholder="z. B. Neubau Kita Sonnenschein"
              {...form.register("name")}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="project-cost-center" label="Kostenstelle" error={errors.costCenter?.message}>
              <Input id="project-cost-center" disabled={busy} placeholder="KST-2025-0001" {...form.register("costCenter")} />
            </Field>
            <Field id="project-contact-person" label="Ansprechpartner" error={errors.contactPerson?.message}>
              <Input id="project-contact-person" disabled={busy} autoComplete="name" {...form.register("contactPerson")} />
            </Field>
          </div>
          <Field id="project-contact-email" label="Kontakt-E-Mail" error={errors.contactEmail?.message}>
            <Input
              id="project-contact-email"
              type="email"
              inputMode="email"
              autoComplete="email"
              disabled={busy}
              aria-invalid={!!errors.contactEmail}
              {...form.register("contactEmail")}
            />
          </Field>
          {isSuperAdmin ? (
            <Field id="project-company" label="Unternehmen">
              <CompanyPicker id="project-company" value={companyId} onChange={setCompanyId} noneLabel="Kein Unternehmen" disabled={busy} />
            </Field>
          ) : null}
          <Field id="project-file" label="Leistungsverzeichnis *" error={fileMessage}>
            <FileDropInput
              id="project-file"
              label="Leistungsverzeichnis"
              file={file}
              onChange={chooseFile}
              disabled={busy}
              invalid={!!fileMessage}
              hint="GAEB (X83, X84), PDF, Excel (.xlsx) oder CSV, höchstens 10 MB"
            />
          </Field>
          {busy ? <UploadProgress percent={progress} onCancel={() => upload.current?.cancel()} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={() => close(false)}>
              Abbrechen
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Wird erstellt..." : "Projekt erstellen"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Neues Projekt' for admins; company admins without a company get the info dialog. */
export function NewProjectButton({ label = "Neues Projekt", onCreated }: { label?: string; onCreated?: (p: ProjectDto) => void }) {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  if (user.role === "user") return null;
  const allowed = canCreateProject(user);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="new-project">
        <Plus /> {label}
      </Button>
      {allowed ? (
        <CreateProjectDialog open={open} onOpenChange={setOpen} onCreated={onCreated} />
      ) : (
        <NoCompanyDialog open={open} onOpenChange={setOpen} />
      )}
    </>
  );
}
