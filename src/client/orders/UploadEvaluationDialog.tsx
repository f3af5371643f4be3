// Upload or replace an order's evaluation (HTML only, multipart field htmlFile). The earlier
// version stays stored on the server.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { PROJECT_FILE_MAX_BYTES, PROJECT_MESSAGES } from "../../common/schemas/project";
import type { ProjectDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { invalidateProjects } from "../projects/project-api";
import { isHtmlFile } from "./order-view";

export function UploadEvaluationDialog({
  order,
  open,
  onOpenChange,
}: {
  order: ProjectDto;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const upload = useMutation({
    mutationFn: (f: File) => {
      const body = new FormData();
      body.append("htmlFile", f, f.name);
      return apiRequest("POST", `/api/projects/${order.id}/upload-html`, body);
    },
    onSuccess: async () => {
      toast({ title: "Auswertung hochgeladen", description: "HTML-Datei wurde erfolgreich hochgeladen" });
      setFile(null);
      onOpenChange(false);
      await invalidateProjects(qc, order.id);
    },
    onError: (err) =>
      toast({
        title: "Fehler beim Hochladen der HTML-Datei",
        description: errorMessage(err, "Unbekannter Fehler"),
        variant: "destructive",
      }),
  });

  const choose = (f: File | undefined) => {
    if (!f) return setFile(null);
    if (!isHtmlFile(f)) {
      setFile(null);
      return toast({
        title: PROJECT_MESSAGES.wrongFormat,
        description: "Bitte wählen Sie eine HTML-Datei (text/html) aus.",
        variant: "destructive",
      });
    }
    if (f.size > PROJECT_FILE_MAX_BYTES) {
      setFile(null);
      return toast({ title: "Fehler beim Hochladen", description: PROJECT_MESSAGES.fileTooLarge, variant: "destructive" });
    }
    setFile(f);
  };

  return (
    <Dialog open={open} onOpenChange={(o) => !upload.isPending && onOpenChange(o)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{order.hasOutputFile ? "Auswertung aktualisieren" : "Auswertung hochladen"}</DialogTitle>
          <DialogDescription>
            {order.name}:{" "}
            {order.hasOutputFile
              ? "Die neue Datei ersetzt die angezeigte Auswertung; die bisherige bleibt als frühere Version erhalten."
              : "Laden Sie die Auswertung als HTML-Datei hoch."}
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="evaluation-file">HTML-Datei</Label>
          <Input
            id="evaluation-file"
            type="file"
            accept=".html,text/html"
            className="h-auto py-1.5"
            onChange={(e) => choose(e.target.files?.[0])}
          />
          <p className="text-xs text-slate-500">Nur HTML-Dateien, höchstens 10 MB.</p>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={upload.isPending}>
            Abbrechen
          </Button>
          <Button onClick={() => file && upload.mutate(file)} disabled={!file || upload.isPending}>
            <Upload /> {upload.isPending ? "Wird hochgeladen..." : "Hochladen"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
