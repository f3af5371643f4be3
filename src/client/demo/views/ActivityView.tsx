import { History } from "lucide-react";

/** The demo's activity feed: the list is empty because tracking was removed. */
export function ActivityView({ activities }: { activities: never[] }) {
  return (
    <div
      className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center"
      data-testid="demo-activity"
    >
      <History className="size-8 text-slate-400" aria-hidden />
      <p className="font-medium text-slate-700">Aktivitätenverfolgung wurde entfernt</p>
      <p className="text-sm text-slate-500">{activities.length === 0 ? "Änderungen sehen Sie direkt in den Projekten." : null}</p>
    </div>
  );
}
