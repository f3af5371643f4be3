// /dashboard: welcome card, quick start, and 'Neuste Projekte' (the 10 newest with relative
// creation time, status badge and the admin row menu).
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Clock, FileSearch, FilePlus2, FolderKanban, Handshake } from "lucide-react";
import { formatRelative } from "../../common/format";
import { canCreateProject } from "../../common/project-access";
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
import { detailUrl, PROJECTS_KEY } from "../projects/project-api";
import { StatusBadge } from "../projects/StatusBadge";
import { cn } from "../lib/utils";

export const RECENT_PROJECTS = 10;

export const newestProjects = (projects: ProjectDto[], n = RECENT_PROJECTS) =>
  [...projects].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id).slice(0, n);

const QUICK_START = [
  { icon: FilePlus2, title: "Projekt erstellen", text: "Legen Sie ein Projekt an und laden Sie Ihr Leistungsverzeichnis als GAEB-Datei (X83/X84), PDF oder Excel-Tabelle hoch." },
  { icon: Clock, title: "Analyse innerhalb von 48 Stunden erhalten", text: "Unsere Experten prüfen jede Position – Qualität, Nachtragspotenzial und Schwachstellen." },
  { icon: Handshake, title: "Angebote vorbereiten", text: "Nutzen Sie die Auswertung und die Kalkulationshinweise für ein sicheres, wettbewerbsfähiges Angebot." },
];

function RecentProjects() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const { data, isPending, isError } = useQuery<ProjectDto[]>({ queryKey: PROJECTS_KEY });
  const recent = newestProjects(data ?? []);

  return (
    <Card data-testid="recent-projects">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
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
          <p className="py-6 text-center text-sm text-slate-600">Die Projekte konnten nicht geladen werden. Bitte versuchen Sie es später erneut.</p>
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
                <div className="min-w-0 flex-1">
                  <Link to={detailUrl(p.id)} className="block truncate font-medium text-slate-900 hover:underline" onClick={(e) => e.stopPropagation()}>
                    {p.name}
                  </Link>
                  <p className="text-xs text-slate-500" title={new Date(p.createdAt).toLocaleString("de-DE")}>
                    {formatRelative(p.createdAt)}
                  </p>
                </div>
                <StatusBadge status={p.status} />
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
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-5">
        <Card className="overflow-hidden border-0 bg-gradient-to-br from-brand-800 to-brand-600 text-white lg:col-span-3" data-testid="welcome-card">
          <CardHeader>
            <p className="text-sm text-brand-100">Dashboard</p>
            <CardTitle className="text-2xl text-white">Willkommen zurück, {displayName(user)}!</CardTitle>
            <CardDescription className="text-brand-100">
              Verwalten Sie Ihre Bauprojekte und erhalten Sie KI-gestützte Analysen Ihrer Leistungsverzeichnisse – präzise, schnell und nachvollziehbar.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Link to="/dashboard/projects" className={buttonVariants({ variant: "accent" })}>
              <FileSearch /> Zu den Projekten
            </Link>
          </CardContent>
        </Card>
        <Card className="lg:col-span-2" data-testid="quick-start">
          <CardHeader>
            <CardTitle>Schnellstart</CardTitle>
            <CardDescription>In drei Schritten zur Auswertung</CardDescription>
          </CardHeader>
          <CardContent>
            <ol className="space-y-4">
              {QUICK_START.map((step, i) => (
                <li key={step.title} className="flex gap-3">
                  <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-sm font-bold text-brand-700">{i + 1}</span>
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
      </div>
      <RecentProjects />
    </div>
  );
}
