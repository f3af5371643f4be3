// The 'Dateien' tab: every stored version of the input file (and, for admins, the evaluation),
// newest first, each downloadable; above them the contract documents beside the LV.
import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { formatBytes, formatDateTime } from "../../common/format";
import type { ProjectFileVersionDto } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { displayName } from "../layout/Sidebar";
import { ContractDocumentsCard } from "./ContractDocumentsCard";
import { projectFilesKey } from "./project-api";

export function ProjectFilesTab({ projectId, canManage = false }: { projectId: number; canManage?: boolean }) {
  const { data, isPending, isError } = useQuery<ProjectFileVersionDto[]>({ queryKey: projectFilesKey(projectId) });
  return (
    <div className="space-y-6">
      <ContractDocumentsCard projectId={projectId} canManage={canManage} />
      <Card>
        <CardHeader>
          <CardTitle>Dateiversionen</CardTitle>
          <CardDescription>Jede hochgeladene Fassung bleibt erhalten. Die aktuelle Fassung ist markiert.</CardDescription>
        </CardHeader>
        <CardContent>
          {isPending ? (
            <Skeleton className="h-24 w-full" />
          ) : isError ? (
            <p className="text-sm text-slate-600">Die Dateien konnten nicht geladen werden.</p>
          ) : data.length === 0 ? (
            <p className="text-sm text-slate-600">Keine Dokumente vorhanden</p>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="file-versions">
              {data.map((f) => (
                <li key={f.id} className="flex flex-wrap items-center gap-3 py-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-all">{f.fileName}</span>
                      <Badge className="border-slate-200 bg-slate-50 text-slate-600">
                        {f.kind === "input" ? "Leistungsverzeichnis" : "Auswertung"}
                      </Badge>
                      {f.current ? <Badge className="border-green-200 bg-green-50 text-green-700">Aktuell</Badge> : null}
                    </p>
                    <p className="text-xs text-slate-500">
                      {formatBytes(f.size)} · {formatDateTime(f.uploadedAt)}
                      {f.uploadedBy ? ` · ${displayName(f.uploadedBy)}` : ""}
                    </p>
                  </div>
                  <a
                    href={`/api/projects/${projectId}/files/${f.id}/download`}
                    download
                    className={buttonVariants({ variant: "outline", size: "sm" })}
                  >
                    <Download /> Herunterladen
                  </a>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
