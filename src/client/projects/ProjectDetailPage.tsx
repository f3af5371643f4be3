// /dashboard/project-detail/:projectId and /dashboard/projects/:projectId: the fields, edit mode,
// delete, the files with both upload dialogs, the evaluation, the demo notice and the
// load-failure screen. Tabs keep room for more views of a project.
import { useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  ArrowLeft,
  CheckCircle2,
  ChevronRight,
  Download,
  Eye,
  FileText,
  FolderKanban,
  Info,
  ListChecks,
  Loader2,
  Pencil,
  Trash2,
  X,
} from "lucide-react";
import { formatBytes, formatDateTime, formatDateTimeUm } from "../../common/format";
import { canDownloadOutput, canManageProject, DEMO_PROJECT_ID } from "../../common/project-access";
import type { ProjectDto } from "../../common/types";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { BoqTab, boqQuery } from "../boq/BoqTab";
import { usePageTitle } from "../hooks/use-page-title";
import { displayName } from "../layout/Sidebar";
import { useSessionUser } from "../layout/session-user";
import { cn } from "../lib/utils";
import { DeleteProjectDialog } from "./DeleteProjectDialog";
import { ProjectEditForm } from "./ProjectEditForm";
import { ProjectFilesTab } from "./ProjectFilesTab";
import { projectColor } from "./project-color";
import { projectKey, resultUrl } from "./project-api";
import { StatusBadge } from "./StatusBadge";
import { UploadDialog } from "./UploadDialog";
import { useDeleteProject } from "./use-delete-project";

export const LOAD_FAILED = "Beim Laden des Projekts ist ein Fehler aufgetreten. Bitte versuchen Sie es später erneut.";

function Breadcrumb({ name }: { name?: string }) {
  return (
    <nav aria-label="Brotkrumen" className="flex flex-wrap items-center gap-1 text-sm text-slate-500">
      <Link to="/dashboard" className="hover:text-slate-900">
        Dashboard
      </Link>
      <ChevronRight className="size-4" />
      <Link to="/dashboard/projects" className="hover:text-slate-900">
        Projekte
      </Link>
      {name ? (
        <>
          <ChevronRight className="size-4" />
          <span className="truncate text-slate-900">{name}</span>
        </>
      ) : null}
    </nav>
  );
}

function DetailRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

const dash = <span className="text-slate-500">—</span>;

function ProjectFields({ project, superAdmin }: { project: ProjectDto; superAdmin: boolean }) {
  const creator = project.createdBy;
  return (
    <dl className="divide-y divide-slate-100">
      <DetailRow label="Projektname">{project.name}</DetailRow>
      <DetailRow label="Beschreibung">
        {project.description ? <span className="whitespace-pre-line">{project.description}</span> : dash}
      </DetailRow>
      <DetailRow label="Ansprechpartner">{project.contactPerson ?? dash}</DetailRow>
      <DetailRow label="Kontakt-E-Mail">
        {project.contactEmail ? (
          <a href={`mailto:${project.contactEmail}`} className="text-brand-700 underline-offset-4 hover:underline">
            {project.contactEmail}
          </a>
        ) : (
          dash
        )}
      </DetailRow>
      <DetailRow label="Kostenstelle">{project.costCenter ?? dash}</DetailRow>
      <DetailRow label="Unternehmen" testId="detail-company">
        {project.company ? (
          superAdmin ? (
            <Link to="/dashboard/companies" className="text-brand-700 underline-offset-4 hover:underline">
              {project.company.name}
            </Link>
          ) : (
            project.company.name
          )
        ) : (
          "Kein Unternehmen"
        )}
      </DetailRow>
      <DetailRow label="Erstellt am" testId="detail-created-at">
        {formatDateTimeUm(project.createdAt)}
      </DetailRow>
      <DetailRow label="Erstellt von" testId="detail-created-by">
        {creator ? (
          superAdmin ? (
            <Link to="/dashboard/users" className="text-brand-700 underline-offset-4 hover:underline">
              {displayName(creator)}
            </Link>
          ) : (
            displayName(creator)
          )
        ) : (
          "bauklar"
        )}
      </DetailRow>
      <DetailRow label="Status">
        <StatusBadge status={project.status} />
      </DetailRow>
    </dl>
  );
}

/** The automatic pre-check is there at once; the Übersicht says so and leads to it. */
function PrecheckNote({ project, onOpen }: { project: ProjectDto; onOpen: () => void }) {
  if (!project.hasInputFile || !project.precheck) return null;
  if (project.precheck === "pending")
    return (
      <p className="flex items-center gap-2 text-sm text-slate-600" data-testid="precheck-note">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Die automatische Vorprüfung läuft …
      </p>
    );
  if (project.precheck !== "done") return null;
  return (
    <div className="rounded-lg border border-green-200 bg-green-50 p-3 text-sm text-green-900" data-testid="precheck-note">
      <p className="flex items-center gap-2 font-medium">
        <CheckCircle2 className="size-4 shrink-0" aria-hidden /> Automatische Vorprüfung fertig
      </p>
      <p className="mt-1">Positionen, Befunde und Fragen an den Auftraggeber stehen im Leistungsverzeichnis.</p>
      <Button variant="outline" size="sm" className="mt-2" onClick={onOpen}>
        <ListChecks /> Vorprüfung ansehen
      </Button>
    </div>
  );
}

function EvaluationCard({
  project,
  manage,
  download,
  onOpenPrecheck,
}: {
  project: ProjectDto;
  manage: boolean;
  download: boolean;
  onOpenPrecheck: () => void;
}) {
  return (
    <Card data-testid="evaluation-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Eye className="size-5 text-brand-600" /> Auswertung
        </CardTitle>
        {project.hasOutputFile && project.outputUploadedAt ? (
          <CardDescription>Bereitgestellt am {formatDateTime(project.outputUploadedAt)}</CardDescription>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {project.hasOutputFile ? (
          <div className="flex flex-wrap gap-2">
            <a href={resultUrl(project.id)} target="_blank" rel="noopener noreferrer" className={buttonVariants({ size: "sm" })}>
              <Eye /> Auswertung ansehen
            </a>
            {download ? (
              <a
                href={`/api/projects/${project.id}/download-output`}
                download
                className={buttonVariants({ variant: "outline", size: "sm" })}
              >
                <Download /> Herunterladen
              </a>
            ) : null}
          </div>
        ) : (
          <div className="rounded-lg border border-dashed border-slate-300 p-4 text-center">
            <p className="font-medium text-slate-900">Keine Auswertung verfügbar</p>
            <p className="text-sm text-slate-500">
              Die von unseren Experten geprüfte Auswertung erhalten Sie innerhalb von 48 Stunden nach Auftragsbestätigung.
            </p>
          </div>
        )}
        <PrecheckNote project={project} onOpen={onOpenPrecheck} />
        {manage ? <UploadDialog projectId={project.id} kind="html" /> : null}
      </CardContent>
    </Card>
  );
}

function InputFileCard({ project, manage }: { project: ProjectDto; manage: boolean }) {
  return (
    <Card data-testid="input-file-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <FileText className="size-5 text-brand-600" /> Leistungsverzeichnis
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {project.hasInputFile ? (
          <div className="space-y-2">
            <p className="break-all text-sm font-medium text-slate-900">{project.inputFileName}</p>
            <p className="text-xs text-slate-500">
              {project.inputFileSize !== null ? formatBytes(project.inputFileSize) : ""}
              {project.inputUploadedAt ? ` · ${formatDateTime(project.inputUploadedAt)}` : ""}
            </p>
            <a href={`/api/projects/${project.id}/download-input`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
              <Download /> Herunterladen
            </a>
          </div>
        ) : (
          <p className="text-sm text-slate-600">Keine Dokumente vorhanden</p>
        )}
        {manage ? <UploadDialog projectId={project.id} kind="input" /> : null}
      </CardContent>
    </Card>
  );
}

function LoadFailure() {
  const navigate = useNavigate();
  return (
    <div className="space-y-6">
      <Breadcrumb />
      <Card className="flex flex-col items-center gap-4 p-10 text-center" data-testid="project-load-error">
        <p className="max-w-lg text-slate-700">{LOAD_FAILED}</p>
        <Button variant="outline" onClick={() => navigate("/dashboard/projects")}>
          <ArrowLeft /> Zurück zu den Projekten
        </Button>
      </Card>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="space-y-6" aria-busy="true">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-72 w-full" />
    </div>
  );
}

export default function ProjectDetailPage() {
  const { projectId = "" } = useParams();
  const id = /^\d{1,10}$/.test(projectId) ? Number(projectId) : NaN;
  const user = useSessionUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [tab, setTab] = useState("overview");
  const [confirmDelete, setConfirmDelete] = useState(false);
  const { remove, pending } = useDeleteProject("detail");
  const {
    data: project,
    isPending,
    isError,
  } = useQuery<ProjectDto>({
    queryKey: projectKey(id),
    enabled: Number.isInteger(id) && id > 0,
    // While the reader works on the LV the Übersicht waits for "Automatische Vorprüfung fertig".
    refetchInterval: (q) => (q.state.data?.precheck === "pending" ? 2000 : false),
  });
  usePageTitle(project ? project.name : "Projektdetails");

  if (!Number.isInteger(id) || id <= 0 || isError) return <LoadFailure />;
  if (isPending) return <DetailSkeleton />;

  const manage = canManageProject(user, project);
  const superAdmin = user.role === "super_admin";
  // onIntent: pointer or focus on the tab – the LV (up to megabytes) starts loading before the click.
  const tabs: { value: string; label: string; content: ReactNode; onIntent?: () => void }[] = [
    {
      value: "overview",
      label: "Übersicht",
      content: (
        <div className="grid gap-6 lg:grid-cols-3">
          <Card className="lg:col-span-2">
            <CardHeader>
              <CardTitle>{editing ? "Projekt bearbeiten" : "Projektinformationen"}</CardTitle>
            </CardHeader>
            <CardContent>
              {editing ? (
                <ProjectEditForm project={project} onDone={() => setEditing(false)} />
              ) : (
                <ProjectFields project={project} superAdmin={superAdmin} />
              )}
            </CardContent>
          </Card>
          <div className="space-y-6">
            <EvaluationCard project={project} manage={manage} download={canDownloadOutput(user)} onOpenPrecheck={() => setTab("boq")} />
            <InputFileCard project={project} manage={manage} />
          </div>
        </div>
      ),
    },
    ...(project.hasInputFile
      ? [
          {
            value: "boq",
            label: "Leistungsverzeichnis",
            content: <BoqTab projectId={project.id} canManage={manage} review={superAdmin ? { projectName: project.name } : undefined} />,
            onIntent: () => void queryClient.prefetchQuery(boqQuery(project.id)),
          },
        ]
      : []),
    { value: "files", label: "Dateien", content: <ProjectFilesTab projectId={project.id} canManage={manage} /> },
  ];

  return (
    <div className="space-y-6">
      <Breadcrumb name={project.name} />
      {project.id === DEMO_PROJECT_ID ? (
        <div
          className="flex gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
          role="note"
          data-testid="demo-notice"
        >
          <Info className="mt-0.5 size-5 shrink-0 text-amber-600" />
          <p>
            Dies ist das Demo-Projekt. Es dient zur Ansicht und kann nicht bearbeitet werden.
            {superAdmin ? " Als Systemadministrator können Sie es dennoch ändern." : ""}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap items-start gap-4">
        <div className={cn("flex size-12 shrink-0 items-center justify-center rounded-lg text-white", projectColor(project.name))}>
          <FolderKanban className="size-6" />
        </div>
        {/* basis-56: on a phone the title keeps a readable width and the buttons wrap below it. */}
        <div className="min-w-0 flex-1 basis-56">
          <h1 className="flex flex-wrap items-center gap-3 text-xl font-bold text-slate-900 sm:text-2xl">
            <span className="min-w-0 break-words">{project.name}</span>
            <StatusBadge status={project.status} />
          </h1>
          <p className="text-sm text-slate-500">
            {project.company?.name ?? "Kein Unternehmen"} · Erstellt am {formatDateTimeUm(project.createdAt)}
          </p>
        </div>
        {manage ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEditing((e) => !e)}>
              {editing ? (
                <>
                  <X /> Abbrechen
                </>
              ) : (
                <>
                  <Pencil /> Bearbeiten
                </>
              )}
            </Button>
            <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
              <Trash2 /> Löschen
            </Button>
          </div>
        ) : null}
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="w-full sm:w-auto">
          {tabs.map((t) => (
            <TabsTrigger key={t.value} value={t.value} onPointerEnter={t.onIntent} onFocus={t.onIntent}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.content}
          </TabsContent>
        ))}
      </Tabs>

      <DeleteProjectDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        projectName={project.name}
        pending={pending}
        onConfirm={async () => {
          await remove(project.id, () => navigate("/dashboard/projects"));
        }}
      />
    </div>
  );
}
