// The two upload dialogs of the detail page: the evaluation (HTML only, field htmlFile) and the
// input file (any type, field file). 'Hochladen' stays disabled until a file is chosen.
import { useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { isHtmlFileName, PROJECT_FILE_MAX_BYTES, PROJECT_MESSAGES } from "../../common/schemas/project";
import { CONTRACT_DOCUMENT_MESSAGES, isContractDocumentName } from "../../common/schemas/contract-documents";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { toast } from "../hooks/use-toast";
import { RequestError } from "../lib/api";
import { FileDropInput } from "./FileDropInput";
import { invalidateProjects, UploadCancelled, uploadWithProgress, type UploadHandle } from "./project-api";
import { UploadProgress } from "./UploadProgress";

export type UploadKind = "html" | "input" | "contract";

const TEXTS: Record<
  UploadKind,
  {
    title: string;
    description: string;
    success: string;
    failure: string;
    route: string;
    field: string;
    accept?: string;
    hint: string;
    trigger: string;
  }
> = {
  html: {
    title: "Auswertung hochladen",
    description: "Laden Sie die Auswertung als HTML-Datei hoch. Die bisherige Auswertung bleibt als frühere Version erhalten.",
    success: "HTML-Datei wurde erfolgreich hochgeladen",
    failure: "Beim Hochladen der HTML-Datei ist ein Fehler aufgetreten: ",
    route: "upload-html",
    field: "htmlFile",
    accept: ".html,.htm,text/html",
    hint: "Nur HTML-Dateien (.html), höchstens 10 MB",
    trigger: "Auswertung hochladen",
  },
  input: {
    title: "Eingabe-Datei hochladen",
    description: "Laden Sie eine neue Fassung des Leistungsverzeichnisses hoch. Die bisherige Datei bleibt als frühere Version erhalten.",
    success: "Eingabe-Datei wurde erfolgreich hochgeladen",
    failure: "Beim Hochladen der Eingabe-Datei ist ein Fehler aufgetreten: ",
    route: "upload-input",
    field: "file",
    hint: "Beliebiger Dateityp, höchstens 10 MB",
    trigger: "Neue Datei hochladen",
  },
  contract: {
    title: "Vertragsunterlage hochladen",
    description:
      "Besondere oder Zusätzliche Vertragsbedingungen, Baubeschreibung: Ihre Klauseln werden mit dem LV geprüft. Eine Datei gleichen Namens wird ersetzt.",
    success: CONTRACT_DOCUMENT_MESSAGES.uploaded,
    failure: "Beim Hochladen der Vertragsunterlage ist ein Fehler aufgetreten: ",
    route: "contract-documents",
    field: "file",
    accept: ".pdf,.docx,.txt,application/pdf,text/plain,application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    hint: "PDF, DOCX oder TXT, höchstens 10 MB",
    trigger: "Vertragsunterlage hochladen",
  },
};

export function uploadFileError(kind: UploadKind, file: File | null): string | undefined {
  if (!file) return undefined;
  if (kind === "html" && !isHtmlFileName(file.name)) return PROJECT_MESSAGES.wrongFormat;
  if (kind === "contract" && !isContractDocumentName(file.name)) return CONTRACT_DOCUMENT_MESSAGES.wrongFormat;
  if (file.size > PROJECT_FILE_MAX_BYTES) return PROJECT_MESSAGES.fileTooLarge;
  return undefined;
}

export function UploadDialog({
  projectId,
  kind,
  variant = "outline",
}: {
  projectId: number;
  kind: UploadKind;
  variant?: "outline" | "default";
}) {
  const t = TEXTS[kind];
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<UploadHandle<unknown> | null>(null);
  const busy = progress !== null;
  const problem = uploadFileError(kind, file);

  const change = (next: boolean) => {
    if (!next && busy) return;
    if (!next) setFile(null);
    setOpen(next);
  };

  const send = async () => {
    if (!file || problem) return;
    const body = new FormData();
    body.append(t.field, file, file.name);
    setProgress(0);
    upload.current = uploadWithProgress(`/api/projects/${projectId}/${t.route}`, body, setProgress);
    try {
      await upload.current.promise;
      toast({ title: "Datei hochgeladen", description: t.success });
      await invalidateProjects(qc, projectId);
      setProgress(null);
      change(false);
    } catch (err) {
      setProgress(null);
      if (err instanceof UploadCancelled) {
        toast({ title: "Upload abgebrochen", description: "Die Datei wurde nicht hochgeladen." });
        return;
      }
      const message = err instanceof RequestError ? (err.serverMessage ?? err.message) : err instanceof Error ? err.message : String(err);
      toast({ title: "Fehler beim Hochladen", description: t.failure + message, variant: "destructive" });
    } finally {
      upload.current = null;
    }
  };

  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setOpen(true)} data-testid={`open-upload-${kind}`}>
        <Upload /> {t.trigger}
      </Button>
      <Dialog open={open} onOpenChange={change}>
        <DialogContent onInteractOutside={(e) => busy && e.preventDefault()}>
          <DialogHeader>
            <DialogTitle>{t.title}</DialogTitle>
            <DialogDescription>{t.description}</DialogDescription>
          </DialogHeader>
          <FileDropInput
            label={t.title}
            file={file}
            onChange={setFile}
            accept={t.accept}
            disabled={busy}
            invalid={!!problem}
            hint={t.hint}
          />
          {problem ? (
            <p role="alert" className="text-sm text-red-600">
              {problem}
            </p>
          ) : null}
          {busy ? <UploadProgress percent={progress} onCancel={() => upload.current?.cancel()} /> : null}
          <DialogFooter>
            <Button variant="outline" disabled={busy} onClick={() => change(false)}>
              Abbrechen
            </Button>
            <Button onClick={send} disabled={!file || !!problem || busy}>
              <Upload /> {busy ? "Wird hochgeladen..." : "Hochladen"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
