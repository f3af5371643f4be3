// Demo project list: search 'Projekte suchen...' (name, company, description, status), a
// Filter button without function, the disabled 'Neues Projekt', and 'Keine Projekte gefunden'.
import { useState } from "react";
import { Filter, FolderKanban, Plus, Search } from "lucide-react";
import type { DemoProject } from "../data";
import { searchProjects } from "../data";
import { formatAgo } from "../format";
import { AnalysisButton, DisabledButton, StatusBadge, ViewHeader, demoOutline } from "../parts";

export function ProjectsView({
  projects,
  now,
  openProject,
  openAnalysis,
}: {
  projects: DemoProject[];
  now: Date;
  openProject: (id: number) => void;
  openAnalysis: (id: number) => void;
}) {
  const [query, setQuery] = useState("");
  const shown = searchProjects(projects, query);
  return (
    <div>
      <ViewHeader
        title="Projekte"
        subtitle="Alle Projekte Ihres Unternehmens"
        action={
          <DisabledButton>
            <Plus className="size-4" aria-hidden /> Neues Projekt
          </DisabledButton>
        }
      />
      <div className="mb-4 flex gap-2">
        <div className="relative flex-1">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Projekte suchen..."
            aria-label="Projekte suchen"
            className="h-9 w-full rounded-md border border-slate-300 bg-white pl-9 pr-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          />
        </div>
        <button type="button" className={demoOutline}>
          <Filter className="size-4" aria-hidden /> Filter
        </button>
      </div>
      {shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <FolderKanban className="size-8 text-slate-400" aria-hidden />
          <p className="font-medium text-slate-700">Keine Projekte gefunden</p>
          <p className="text-sm text-slate-500">Versuchen Sie, Ihren Suchbegriff anzupassen</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" data-testid="demo-project-list">
          {shown.map((p) => (
            <li key={p.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <button
                  type="button"
                  onClick={() => openProject(p.id)}
                  className="text-left font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {p.name}
                </button>
                <StatusBadge status={p.status} />
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {p.companyName} · {p.costCenter} · {formatAgo(p.createdAt, now)}
              </p>
              <p className="mt-2 line-clamp-2 text-sm text-slate-600">{p.description}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button type="button" className={demoOutline} onClick={() => openProject(p.id)}>
                  Details
                </button>
                <AnalysisButton project={p} open={openAnalysis} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
