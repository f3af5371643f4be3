// /dashboard/projects: info banner, search over name/costCenter/contactPerson, 6 skeleton cards
// while loading, both empty states, the card grid and 'Neues Projekt' for admins.
import { useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Info, Search, FolderOpen } from "lucide-react";
import type { ProjectDto } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Skeleton } from "../components/ui/skeleton";
import { usePageTitle } from "../hooks/use-page-title";
import { errorMessage } from "../lib/api";
import { useSessionUser } from "../layout/session-user";
import { NewProjectButton } from "./CreateProjectDialog";
import { ProjectCard } from "./ProjectCard";
import { PROJECTS_KEY } from "./project-api";

export const matchesSearch = (p: Pick<ProjectDto, "name" | "costCenter" | "contactPerson">, term: string) => {
  const q = term.trim().toLocaleLowerCase("de-DE");
  if (!q) return true;
  return [p.name, p.costCenter, p.contactPerson].some((v) => v?.toLocaleLowerCase("de-DE").includes(q));
};

function SkeletonCard() {
  return (
    <Card className="space-y-4 p-5" data-testid="project-skeleton">
      <div className="flex items-center gap-3">
        <Skeleton className="size-11 rounded-lg" />
        <div className="flex-1 space-y-2">
          <Skeleton className="h-4 w-3/4" />
          <Skeleton className="h-3 w-1/3" />
        </div>
      </div>
      <Skeleton className="h-3 w-2/3" />
      <Skeleton className="h-3 w-1/2" />
      <Skeleton className="h-6 w-20 rounded-full" />
    </Card>
  );
}

export default function ProjectListPage() {
  usePageTitle("Projekte");
  const user = useSessionUser();
  const [search, setSearch] = useState("");
  const { data, isPending, isError, error, refetch } = useQuery<ProjectDto[]>({ queryKey: PROJECTS_KEY });
  const filtered = useMemo(() => (data ?? []).filter((p) => matchesSearch(p, search)), [data, search]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Projekte</h1>
          <p className="text-sm text-slate-600">Ihre Bauvorhaben, Leistungsverzeichnisse und Auswertungen an einem Ort.</p>
        </div>
        <NewProjectButton />
      </div>

      <div className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900" role="note" data-testid="projects-info">
        <Info className="mt-0.5 size-5 shrink-0 text-brand-600" />
        <p>
          Legen Sie für jede Ausschreibung ein Projekt an und laden Sie das Leistungsverzeichnis als GAEB-Datei (X83/X84), PDF oder Excel-Tabelle hoch. Unser Team analysiert es und
          stellt Ihnen die Auswertung innerhalb von 48 Stunden nach Auftragsbestätigung im Projekt bereit.
        </p>
      </div>

      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <Input type="search" placeholder="Projekte suchen..." aria-label="Projekte suchen" className="pl-9" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>

      {isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <SkeletonCard key={i} />
          ))}
        </div>
      ) : isError ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center">
          <p className="font-medium text-slate-900">Die Projekte konnten nicht geladen werden.</p>
          <p className="text-sm text-slate-600">{errorMessage(error, "Bitte versuchen Sie es später erneut.")}</p>
          <Button variant="outline" onClick={() => refetch()}>
            Erneut versuchen
          </Button>
        </Card>
      ) : filtered.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 p-10 text-center" data-testid="projects-empty">
          <FolderOpen className="size-10 text-slate-300" />
          <p className="text-lg font-semibold text-slate-900">Keine Projekte gefunden</p>
          <p className="text-sm text-slate-600">{search.trim() ? "Versuchen Sie, Ihren Suchbegriff anzupassen" : "Erstellen Sie ein neues Projekt, um zu beginnen"}</p>
        </Card>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {filtered.map((p) => (
            <ProjectCard key={p.id} project={p} showId={user.role === "super_admin"} />
          ))}
        </div>
      )}
    </div>
  );
}
