// /projects/:id/result (opened in a new tab): the evaluation in a sandboxed frame — no scripts,
// no forms, no top navigation, opaque origin — with 'Drucken' (the print view opens the
// browser's print dialog for the evaluation alone) and the download for admins.
import { Link, useParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, Printer } from "lucide-react";
import { canDownloadOutput } from "../../common/project-access";
import type { ProjectDto } from "../../common/types";
import { buttonVariants } from "../components/ui/button";
import { Logo } from "../components/Logo";
import { Spinner } from "../components/ui/spinner";
import { usePageTitle } from "../hooks/use-page-title";
import { useSessionUser } from "../layout/session-user";
import { detailUrl, projectKey } from "./project-api";

export const evaluationUrl = (id: number, print = false) => `/api/projects/${id}/result${print ? "?print=1" : ""}`;

function Message({ title, text }: { title: string; text: string }) {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-3 p-8 text-center" data-testid="result-message">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="max-w-md text-sm text-slate-600">{text}</p>
      <Link to="/dashboard/projects" className={buttonVariants({ variant: "outline" })}>
        <ArrowLeft /> Zu den Projekten
      </Link>
    </main>
  );
}

export default function ResultPage() {
  const { id: raw = "" } = useParams();
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  const valid = Number.isInteger(id) && id > 0;
  const user = useSessionUser();
  const { data: project, isPending, isError } = useQuery<ProjectDto>({ queryKey: projectKey(id), enabled: valid });
  usePageTitle(project ? `Auswertung – ${project.name}` : "Auswertung");

  return (
    <div className="flex h-dvh flex-col bg-slate-100">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2 print:hidden">
        <Logo size="sm" />
        <div className="min-w-0 flex-1 basis-48">
          <h1 className="text-sm font-semibold text-slate-900" data-testid="result-project-name">
            {project ? project.name : "Auswertung"}
          </h1>
          {project?.outputFileName ? <p className="text-xs text-slate-500 [overflow-wrap:anywhere]">{project.outputFileName}</p> : null}
        </div>
        {project?.hasOutputFile ? (
          <div className="flex flex-wrap gap-2">
            <a
              href={evaluationUrl(id, true)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: "outline", size: "sm" })}
              data-testid="print-evaluation"
            >
              <Printer /> Drucken
            </a>
            {canDownloadOutput(user) ? (
              <a href={`/api/projects/${id}/download-output`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
                <Download /> Herunterladen
              </a>
            ) : null}
            <Link to={detailUrl(id)} className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Zum Projekt
            </Link>
          </div>
        ) : null}
      </header>
      {!valid || isError ? (
        <Message
          title="Auswertung nicht gefunden"
          text="Beim Laden des Projekts ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut."
        />
      ) : isPending ? (
        <Spinner label="Auswertung wird geladen…" />
      ) : !project.hasOutputFile ? (
        <Message
          title="Keine Auswertung verfügbar"
          text="Für dieses Projekt wurde noch keine Auswertung bereitgestellt. Sie erhalten die Analyse innerhalb von 48 Stunden nach Auftragsbestätigung."
        />
      ) : (
        <main className="flex flex-1 justify-center overflow-hidden p-0 sm:p-4">
          {/* sandbox="" grants nothing: no scripts, forms, popups, modals or top navigation. */}
          <iframe
            key={project.outputUploadedAt ?? ""}
            src={evaluationUrl(id)}
            sandbox=""
            referrerPolicy="no-referrer"
            title={`Auswertung: ${project.name}`}
            className="h-full w-full max-w-5xl border-0 bg-white shadow-sm sm:rounded-lg"
            data-testid="evaluation-frame"
          />
        </main>
      )}
    </div>
  );
}
