// Small shared pieces of the demo views: status badge, analysis button, disabled buttons.
import type { ReactNode } from "react";
import { Clock, FileSearch } from "lucide-react";
import type { DemoProject, DemoStatus } from "./data";
import { hasDemoResult } from "./results";

const STATUS_TONE: Record<DemoStatus, string> = {
  Neu: "bg-blue-100 text-blue-800 border-blue-200",
  "In Review": "bg-yellow-100 text-yellow-800 border-yellow-200",
  Aktiv: "bg-green-100 text-green-800 border-green-200",
  Abgeschlossen: "bg-green-100 text-green-800 border-green-200",
};

export function StatusBadge({ status }: { status: string }) {
  const tone = STATUS_TONE[status as DemoStatus] ?? "bg-slate-100 text-slate-700 border-slate-200";
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>;
}

export const demoButton =
  "inline-flex h-9 items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:cursor-not-allowed disabled:opacity-50";
export const demoPrimary = `${demoButton} bg-brand-700 text-white hover:bg-brand-800`;
export const demoOutline = `${demoButton} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

/** A control the demo shows but does not allow (read-only demo). */
export function DisabledButton({ children, className = demoPrimary }: { children: ReactNode; className?: string }) {
  return (
    <button type="button" disabled title="In der Demo nicht verfügbar" className={className}>
      {children}
    </button>
  );
}

/** The demo's first project (requirements 1.3): its expert evaluation is still pending. */
export const WAITING_PROJECT_ID = 1;

/**
 * The project's analysis button as the spec draws it: a project in status Neu has no tender yet
 * ('Keine Analyse verfügbar'); the first project waits for the expert evaluation ('Warten auf
 * Auswertung') while its automatic pre-check is already open to view; every other project opens
 * its own analysis in the real LV tab (views/LvView.tsx).
 */
export function AnalysisButton({ project, open }: { project: DemoProject; open: (id: number) => void }) {
  if (project.status === "Neu" || !hasDemoResult(project.id)) {
    return (
      <button type="button" disabled title="Für dieses Projekt wurde noch kein Leistungsverzeichnis hochgeladen." className={demoPrimary}>
        Keine Analyse verfügbar
      </button>
    );
  }
  if (project.id === WAITING_PROJECT_ID) {
    return (
      <>
        <button type="button" disabled title="Die Experten-Auswertung folgt innerhalb von 48 Stunden." className={demoPrimary}>
          <Clock className="size-4" aria-hidden /> Warten auf Auswertung
        </button>
        <button type="button" className={demoOutline} onClick={() => open(project.id)}>
          <FileSearch className="size-4" aria-hidden /> Vorprüfung ansehen
        </button>
      </>
    );
  }
  return (
    <button type="button" className={demoPrimary} onClick={() => open(project.id)}>
      <FileSearch className="size-4" aria-hidden /> Analyse anzeigen
    </button>
  );
}

export function ViewHeader({ title, subtitle, action }: { title: string; subtitle?: string; action?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-wrap items-start justify-between gap-3">
      <div>
        <h3 className="text-xl font-semibold text-slate-900">{title}</h3>
        {subtitle ? <p className="mt-1 text-sm text-slate-600">{subtitle}</p> : null}
      </div>
      {action}
    </div>
  );
}
