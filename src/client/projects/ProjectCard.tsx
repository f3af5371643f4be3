// A card of the project list: coloured icon (10-colour name hash), name with the ID badge for
// super admins, the optional fields, status, 'Auswertung ansehen' and the admin menu.
import { Link, useNavigate } from "react-router";
import { CheckCircle2, Eye, FolderKanban, Hash, Mail, User } from "lucide-react";
import type { ProjectDto } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { buttonVariants } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { cn } from "../lib/utils";
import { ProjectActionsMenu } from "./ProjectActionsMenu";
import { projectColor } from "./project-color";
import { detailUrl, resultUrl } from "./project-api";
import { StatusBadge } from "./StatusBadge";

export function ProjectCard({ project, showId }: { project: ProjectDto; showId: boolean }) {
  const navigate = useNavigate();
  return (
    <Card
      className="group flex cursor-pointer flex-col gap-4 p-5 transition-shadow hover:shadow-md"
      onClick={() => navigate(detailUrl(project.id))}
      data-testid="project-card"
    >
      {/* Icon, ID badge and menu in one row; the name below has the card's full width (long German names). */}
      <div className="flex items-start gap-3">
        <div
          className={cn("flex size-11 shrink-0 items-center justify-center rounded-lg text-white", projectColor(project.name))}
          data-testid="project-icon"
        >
          <FolderKanban className="size-5" />
        </div>
        <div className="flex min-w-0 flex-1 justify-start pt-2.5">
          {showId ? (
            <Badge className="border-slate-300 bg-white font-mono text-slate-600" data-testid="project-id-badge">
              ID: {project.id}
            </Badge>
          ) : null}
        </div>
        <ProjectActionsMenu project={project} />
      </div>
      <div className="-mt-1">
        <h2 className="font-semibold leading-snug text-slate-900">
          <Link to={detailUrl(project.id)} className="break-words hover:underline" onClick={(e) => e.stopPropagation()}>
            {project.name}
          </Link>
        </h2>
        {project.company ? <p className="text-xs text-slate-500">{project.company.name}</p> : null}
      </div>
      <dl className="space-y-1.5 text-sm text-slate-600">
        {project.costCenter ? (
          <div className="flex items-center gap-2">
            <Hash className="size-4 shrink-0 text-slate-400" />
            <dt className="sr-only">Kostenstelle</dt>
            <dd className="min-w-0">{project.costCenter}</dd>
          </div>
        ) : null}
        {project.contactPerson ? (
          <div className="flex items-center gap-2">
            <User className="size-4 shrink-0 text-slate-400" />
            <dt className="sr-only">Ansprechpartner</dt>
            <dd className="min-w-0">{project.contactPerson}</dd>
          </div>
        ) : null}
        {project.contactEmail ? (
          <div className="flex items-center gap-2">
            <Mail className="size-4 shrink-0 text-slate-400" />
            <dt className="sr-only">Kontakt-E-Mail</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{project.contactEmail}</dd>
          </div>
        ) : null}
      </dl>
      {!project.hasOutputFile && project.precheck === "done" ? (
        <p className="flex items-center gap-1.5 text-xs font-medium text-green-800" data-testid="card-precheck">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden /> Automatische Vorprüfung fertig · Expertenprüfung innerhalb von 48 Stunden
        </p>
      ) : null}
      {!project.hasOutputFile && project.precheck === "pending" ? (
        <p className="text-xs text-slate-600" data-testid="card-precheck">
          Automatische Vorprüfung läuft …
        </p>
      ) : null}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2">
        {project.status ? <StatusBadge status={project.status} /> : <span />}
        {project.hasOutputFile ? (
          <a
            href={resultUrl(project.id)}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", size: "sm" })}
            onClick={(e) => e.stopPropagation()}
          >
            <Eye /> Auswertung ansehen
          </a>
        ) : null}
      </div>
    </Card>
  );
}
