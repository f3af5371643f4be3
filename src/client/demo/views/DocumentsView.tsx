// Demo documents: one card per project with 'Auswertung ansehen' (no function in the demo).
import { FileText, Upload } from "lucide-react";
import type { DemoDocument, DemoProject } from "../data";
import { DisabledButton, ViewHeader, demoOutline } from "../parts";

export default function DocumentsView({ documents, projects }: { documents: DemoDocument[]; projects: DemoProject[] }) {
  const withDocs = projects
    .map((p) => ({ project: p, docs: documents.filter((d) => d.projectId === p.id) }))
    .filter((x) => x.docs.length > 0);
  return (
    <div>
      <ViewHeader
        title="Dokumente"
        subtitle="Ausschreibungen und Auswertungen Ihrer Projekte"
        action={
          <DisabledButton>
            <Upload className="size-4" aria-hidden /> Neues Dokument
          </DisabledButton>
        }
      />
      {withDocs.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-medium text-slate-700">Keine Dokumente vorhanden</p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-3 xl:grid-cols-2" data-testid="demo-documents">
          {withDocs.map(({ project, docs }) => (
            <li key={project.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">{project.name}</p>
              <p className="text-xs text-slate-500">{project.costCenter}</p>
              <ul className="mt-3 space-y-2">
                {docs.map((d) => (
                  <li key={d.id} className="flex items-center gap-3 rounded-lg bg-slate-50 p-2.5">
                    <FileText className="size-5 shrink-0 text-brand-600" aria-hidden />
                    <span className="min-w-0 flex-1">
                      <span className="block truncate text-sm font-medium text-slate-800">{d.fileName}</span>
                      <span className="block text-xs text-slate-500">
                        {d.kind} · {d.size}
                      </span>
                    </span>
                  </li>
                ))}
              </ul>
              <button type="button" className={`${demoOutline} mt-3`}>
                Auswertung ansehen
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
