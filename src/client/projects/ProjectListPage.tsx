// /dashboard/projects: info banner, search over name/costCenter/contactPerson, 6 skeleton cards
// while loading, both empty states, the card grid and 'Neues Projekt' for admins.
// The list is read page by page from the server (PROJECT_LIST_PAGE_SIZE cards, the next page when the end of
// the grid scrolls into view or on 'Weitere Projekte laden'); the search is debounced and sent
// to the server, and the previous results stay on screen while the next ones load.
import { useEffect, useRef, useState } from "react";
import { Info, Loader2, Search, FolderOpen } from "lucide-react";
import { isAdminRole } from "../../common/roles";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Skeleton } from "../components/ui/skeleton";
import { usePageTitle } from "../hooks/use-page-title";
import { errorMessage } from "../lib/api";
import { useSessionUser } from "../layout/session-user";
import { NewProjectButton } from "./CreateProjectDialog";
import { ProjectCard } from "./ProjectCard";
import { usePagedList } from "../lib/use-paged-list";
import { PROJECT_LIST_PAGE_SIZE, PROJECTS_KEY } from "./project-api";
import type { ProjectDto } from "../../common/types";

/** Cards per request: enough to fill a large screen, few enough to keep the page small. */

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
  // Hints about creating projects only for those who can (company admins without a company get the info dialog).
  const creates = isAdminRole(user.role);
  const [search, setSearch] = useState("");
  const {
    rows: filtered,
    searching,
    isPending,
    isError,
    error,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isPlaceholderData,
  } = usePagedList<ProjectDto>({
    path: PROJECTS_KEY[0],
    pageSize: PROJECT_LIST_PAGE_SIZE,
    search,
  });

  // Loads the next page when the end of the grid comes near the viewport.
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, filtered.length]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Projekte</h1>
          <p className="text-sm text-slate-600">Ihre Bauvorhaben, Leistungsverzeichnisse und Auswertungen an einem Ort.</p>
        </div>
        <NewProjectButton />
      </div>

      <div
        className="flex gap-3 rounded-lg border border-brand-200 bg-brand-50 p-4 text-sm text-brand-900"
        role="note"
        data-testid="projects-info"
      >
        <Info className="mt-0.5 size-5 shrink-0 text-brand-600" />
        {creates ? (
          <p>
            Legen Sie für jede Ausschreibung ein Projekt an und laden Sie das Leistungsverzeichnis als GAEB-Datei (X83/X84), PDF oder
            Excel-Tabelle hoch. Die automatische Vorprüfung steht Sekunden später im Projekt; unsere Experten prüfen sie und stellen Ihnen
            die Auswertung innerhalb von 48 Stunden nach Auftragsbestätigung bereit.
          </p>
        ) : (
          <p>
            Hier finden Sie die Projekte Ihres Unternehmens. Sobald die Auswertung eines Projekts vorliegt, öffnen Sie sie mit „Auswertung
            ansehen“. Neue Projekte legt Ihr Unternehmensadministrator an.
          </p>
        )}
      </div>

      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
        <Input
          type="search"
          placeholder="Projekte suchen..."
          aria-label="Projekte suchen"
          className="pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
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
          <p className="text-sm text-slate-600">
            {searching
              ? "Versuchen Sie, Ihren Suchbegriff anzupassen"
              : creates
                ? "Erstellen Sie ein neues Projekt, um zu beginnen"
                : "Sobald Ihr Unternehmensadministrator ein Projekt anlegt, erscheint es hier."}
          </p>
        </Card>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-busy={isPlaceholderData} data-testid="project-grid">
            {filtered.map((p) => (
              <ProjectCard key={p.id} project={p} showId={user.role === "super_admin"} />
            ))}
          </div>
          <div ref={sentinel} className="flex justify-center" data-testid="projects-more">
            {hasNextPage ? (
              <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
                {isFetchingNextPage ? <Loader2 className="animate-spin" /> : null}
                Weitere Projekte laden
              </Button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
