// "Vertragsunterlagen" on the Dateien tab: the contract documents beside the LV (Besondere/
// Zusätzliche Vertragsbedingungen, Baubeschreibung) whose clauses the LV tab's checklist reviews.
// Everyone who sees the project sees the list; admins upload and remove.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { formatBytes, formatDateTime } from "../../common/format";
import { CONTRACT_DOCUMENT_MESSAGES, type ContractDocumentDto } from "../../common/schemas/contract-documents";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { invalidateProjects } from "./project-api";
import { UploadDialog } from "./UploadDialog";

export const contractDocumentsKey = (projectId: number) => [`/api/projects/${projectId}/contract-documents`] as const;

export function ContractDocumentsCard({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const qc = useQueryClient();
  const { data, isPending, isError } = useQuery<ContractDocumentDto[]>({ queryKey: contractDocumentsKey(projectId) });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest("DELETE", `/api/projects/${projectId}/contract-documents/${id}`),
    onSuccess: async () => {
      toast({ title: CONTRACT_DOCUMENT_MESSAGES.removed, description: "Das LV wird mit den übrigen Unterlagen neu geprüft." });
      await invalidateProjects(qc, projectId);
    },
    onError: (err) =>
      toast({ title: "Entfernen fehlgeschlagen", description: errorMessage(err, "Bitte erneut versuchen."), variant: "destructive" }),
  });
  return (
    <Card data-testid="contract-documents">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>Vertragsunterlagen</CardTitle>
          <CardDescription>
            Besondere und Zusätzliche Vertragsbedingungen oder die Baubeschreibung (PDF, DOCX, TXT): Ihre Klauseln prüft die Checkliste im
            Reiter Leistungsverzeichnis mit.
          </CardDescription>
        </div>
        {canManage ? <UploadDialog projectId={projectId} kind="contract" /> : null}
      </CardHeader>
      <CardContent>
        {isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : isError ? (
          <p className="text-sm text-slate-600">Die Vertragsunterlagen konnten nicht geladen werden.</p>
        ) : data.length === 0 ? (
          <p className="text-sm text-slate-600">Keine Vertragsunterlagen hochgeladen – geprüft werden nur die Vorbemerkungen des LV.</p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="contract-document-list">
            {data.map((d) => (
              <li key={d.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="break-all font-medium text-slate-900">{d.fileName}</p>
                  <p className="text-xs text-slate-500">
                    {d.extension.toUpperCase()} · {formatBytes(d.size)} · {formatDateTime(d.uploadedAt)}
                    {d.uploadedBy ? ` · ${d.uploadedBy}` : ""}
                  </p>
                </div>
                <a
                  href={`/api/projects/${projectId}/files/${d.id}/download`}
                  download
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  <Download /> Herunterladen
                </a>
                {canManage ? (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(d.id)}
                    aria-label={`${d.fileName} entfernen`}
                  >
                    <Trash2 /> Entfernen
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
