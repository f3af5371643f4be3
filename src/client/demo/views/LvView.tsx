// A demo project's analysis: the same LV tab a signed-in customer sees (BoqAnalysis), read-only —
// the exports stand disabled, there is no printable summary, no upload and no expert review. The
// result is static JSON from the real engine, loaded when the view opens.
import { useEffect, useState } from "react";
import { ArrowLeft, Info, Loader2 } from "lucide-react";
import { BoqAnalysis } from "../../boq/BoqAnalysis";
import { BoqExportLinks } from "../../boq/BoqExportLinks";
import type { BoqView } from "../../../common/types";
import { LoadFailed } from "../../site/safe-lazy";
import type { DemoProject } from "../data";
import { loadDemoResult } from "../results";
import { StatusBadge, demoOutline } from "../parts";

export default function LvView({ project, back }: { project: DemoProject; back: () => void }) {
  const [state, setState] = useState<{ id: number; data: BoqView | null; failed: boolean }>({ id: project.id, data: null, failed: false });
  useEffect(() => {
    let live = true;
    loadDemoResult(project.id).then(
      (data) => live && setState({ id: project.id, data, failed: false }),
      () => live && setState({ id: project.id, data: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [project.id]);
  const current = state.id === project.id ? state : { data: null, failed: false };
  return (
    <div data-testid="demo-lv" data-project={project.id}>
      <button type="button" onClick={back} className={`${demoOutline} mb-4`}>
        <ArrowLeft className="size-4" aria-hidden /> Zurück zum Projekt
      </button>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm text-slate-600">Leistungsverzeichnis</p>
          <h3 className="text-xl font-semibold text-slate-900">{project.name}</h3>
        </div>
        <StatusBadge status={project.status} />
      </div>
      <p className="mb-4 flex items-start gap-2 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
        <span>
          Die automatische Vorprüfung dieses Beispiel-LV – so, wie sie wenige Sekunden nach dem Hochladen bereitsteht. Unsere Experten
          prüfen jeden Befund innerhalb von 48 Stunden. In der Demo sind Downloads nicht verfügbar.
        </span>
      </p>
      {current.failed ? (
        <LoadFailed />
      ) : current.data ? (
        <BoqAnalysis
          data={current.data}
          actions={
            <div className="flex flex-wrap gap-2">
              <BoqExportLinks projectId={null} priced={current.data.totals?.total != null} />
            </div>
          }
        />
      ) : (
        <p role="status" className="flex items-center gap-3 py-10 text-sm text-slate-600">
          <Loader2 className="size-5 animate-spin text-brand-600" aria-hidden /> Analyse wird geladen…
        </p>
      )}
    </div>
  );
}
