// /dashboard: welcome card, quick start, and 'Neuste Projekte' (the 10 newest with relative
// creation time, status badge and the admin row menu).
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Clock, FileSearch, FilePlus2, FolderKanban, Handshake } from "lucide-react";
import { formatRelative } from "../../common/format";
import { canCreateProject } from "../../common/project-access";
import { isAdminRole } from "../../common/roles";
import type { ProjectDto } from "../../common/types";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { usePageTitle } from "../hooks/use-page-title";
import { displayName } from "../layout/Sidebar";
import { useSessionUser } from "../layout/session-user";
import { CreateProjectDialog } from "../projects/CreateProjectDialog";
import { ProjectActionsMenu } from "../projects/ProjectActionsMenu";
import { projectColor } from "../projects/project-color";
import { detailUrl, fetchProjectPage, projectPageKey } from "../projects/project-api";
import { StatusBadge } from "../projects/StatusBadge";
import { cn } from "../lib/utils";
import { SetupChecklist, useSetupStatus } from "./SetupChecklist";

export const RECENT_PROJECTS = 10;

export const newestProjects = (projects: ProjectDto[], n = RECENT_PROJECTS) =>
  [...projects].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id).slice(0, n);

const CREATE_STEP = {
  icon: FilePlus2,
  title: "Projekt erstellen",
  text: "Legen Sie ein Projekt an und laden Sie Ihr Leistungsverzeichnis als GAEB-Datei (X83/X84), PDF oder Excel-Tabelle hoch.",
};
/** Users cannot create projects: their first step is the one they can take. */
const CREATE_STEP_FOR_USERS = {
  icon: FilePlus2,
  title: "Projekt erstellen lassen",
  text: "Ihr Unternehmensadministrator legt das Projekt an und lädt das Leistungsverzeichnis hoch – Sie sehen es danach unter „Projekte“.",
};
const QUICK_START = [
  {
    icon: Clock,
    title: "Analyse innerhalb von 48 Stunden erhalten",
    text: "Die automatische Vorprüfung steht Sekunden nach dem Hochladen im Projekt; unsere Experten prüfen ihre Befunde und liefern die Auswertung innerhalb von 48 Stunden.",
  },
  {
    icon: Handshake,
    title: "Angebote vorbereiten",
    text: "Nutzen Sie die Auswertung und die Kalkulationshinweise für ein sicheres, wettbewerbsfähiges Angebot.",
  },
];

function RecentProjects() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // Only the newest ten from the server (GET /api/projects?limit=10), not the whole list.
  const { data, isPending, isError } = useQuery({
    queryKey: projectPageKey({ limit: RECENT_PROJECTS }),
    queryFn: ({ signal }) => fetchProjectPage({ limit: RECENT_PROJECTS }, signal),
  });
  const recent = newestProjects(data?.items ?? []);

  return (
    <Card data-testid="recent-projects">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 space-y-0">
        <div>
          <CardTitle>Neuste Projekte</CardTitle>
          <CardDescription>Die zuletzt erstellten Projekte</CardDescription>
        </div>
        <Link to="/dashboard/projects" className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Alle Projekte anzeigen <ArrowRight />
        </Link>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p className="py-6 text-center text-sm text-slate-600">
            Die Projekte konnten nicht geladen werden. Bitte versuchen Sie es später erneut.
          </p>
        ) : recent.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="recent-empty">
            <FolderKanban className="size-10 text-slate-300" />
            <p className="text-sm text-slate-600">Noch keine Projekte vorhanden.</p>
            {canCreateProject(user) ? (
              <>
                <Button onClick={() => setCreating(true)}>Erstes Projekt erstellen</Button>
                <CreateProjectDialog open={creating} onOpenChange={setCreating} />
              </>
            ) : null}
          </div>
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.map((p) => (
              <li
                key={p.id}
                className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-3 hover:bg-slate-50"
                onClick={() => navigate(detailUrl(p.id))}
                data-testid="recent-project"
              >
                <div className={cn("flex size-9 shrink-0 items-center justify-center rounded-md text-white", projectColor(p.name))}>
                  <FolderKanban className="size-4" />
                </div>
                {/* Name, time and status share the column: on a phone the row keeps room for the name. */}
                <div className="min-w-0 flex-1">
                  <Link
                    to={detailUrl(p.id)}
                    className="block text-sm font-medium text-slate-900 hover:underline sm:text-base"
                    onClick={(e) => e.stopPropagation()}
                  >
                    {p.name}
                  </Link>
                  <div className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="text-xs text-slate-500" title={new Date(p.createdAt).toLocaleString("de-DE")}>
                      {formatRelative(p.createdAt)}
                    </span>
                    <StatusBadge status={p.status} />
                  </div>
                </div>
                <ProjectActionsMenu project={p} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export default function OverviewPage() {
  usePageTitle("Dashboard");
  const user = useSessionUser();
  // The operator sees the set-up steps until all are done, then the quick start (issue 27).
  const { data: setup } = useSetupStatus(user.role === "super_admin");
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-5">
        <Card
          className="overflow-hidden border-0 bg-gradient-to-br from-brand-800 to-brand-600 text-white lg:col-span-3"
          data-testid="welcome-card"
        >
          <CardHeader>
            <p className="text-sm text-brand-100">Dashboard</p>
            <h1 className="text-2xl font-semibold leading-tight text-white">Willkommen zurück, {displayName(user)}!</h1>
            <CardDescription className="text-brand-100">
              Verwalten Sie Ihre Bauprojekte und erhalten Sie KI-gestützte Analysen Ihrer Leistungsverzeichnisse – präzise, schnell und
              nachvollziehbar.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/projects" className={buttonVariants({ variant: "accent" })}>
              <FileSearch /> Zu den Projekten
            </Link>
          </CardContent>
        </Card>
        {setup && !Object.values(setup).every(Boolean) ? (
          <SetupChecklist status={setup} />
        ) : (
          <Card className="lg:col-span-2" data-testid="quick-start">
            <CardHeader>
              <CardTitle>Schnellstart</CardTitle>
              <CardDescription>In drei Schritten zur Auswertung</CardDescription>
            </CardHeader>
            <CardContent>
              <ol className="space-y-4">
                {[isAdminRole(user.role) ? CREATE_STEP : CREATE_STEP_FOR_USERS, ...QUICK_START].map((step, i) => (
                  <li key={step.title} className="flex gap-3">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">
                      {i + 1}
                    </span>
                    <div>
                      <p className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
                        <step.icon className="size-4 text-brand-600" /> {step.title}
                      </p>
                      <p className="text-sm text-slate-600">{step.text}</p>
                    </div>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        )}
      </div>
      <RecentProjects />
    </div>
  );
}
