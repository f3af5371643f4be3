// Demo project detail: company, creator, cost centre, creation date in German long format,
// status, description and a way back.
import { ArrowLeft } from "lucide-react";
import { formatLongDate } from "../../../common/format";
import type { DemoProject } from "../data";
import { creatorLabel } from "../data";
import { AnalysisButton, StatusBadge, demoOutline } from "../parts";

export function ProjectDetailsView({
  project,
  back,
  openAnalysis,
}: {
  project: DemoProject;
  back: () => void;
  openAnalysis: (id: number) => void;
}) {
  const rows: [string, string][] = [
    ["Unternehmen", project.companyName],
    ["Erstellt von", creatorLabel(project)],
    ["Kostenstelle", project.costCenter],
    ["Erstellt am", formatLongDate(project.createdAt)],
    ["Ansprechpartner", project.contactPerson],
    ["Kontakt-E-Mail", project.contactEmail],
  ];
  return (
    <div data-testid="demo-project-details">
      <button type="button" onClick={back} className={`${demoOutline} mb-4`}>
        <ArrowLeft className="size-4" aria-hidden /> Zurück zu den Projekten
      </button>
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h3 className="text-xl font-semibold text-slate-900">{project.name}</h3>
          <StatusBadge status={project.status} />
        </div>
        <p className="mt-3 text-sm leading-relaxed text-slate-600">{project.description}</p>
        <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {rows.map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
              <dd className="mt-0.5 text-sm text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">Status</dt>
            <dd className="mt-0.5 text-sm text-slate-900">{project.status}</dd>
          </div>
        </dl>
        <div className="mt-5 flex flex-wrap gap-2 border-t border-slate-100 pt-4">
          <AnalysisButton project={project} open={openAnalysis} />
        </div>
      </div>
    </div>
  );
}
