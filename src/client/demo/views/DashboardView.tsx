// Demo overview: three counters that lead to their views, and the tabs 'Neueste Projekte'
// (the three newest) and Aktivitäten.
import { FileText, FolderKanban, Users } from "lucide-react";
import type { DemoData } from "../data";
import { recentProjects } from "../data";
import { formatAgo } from "../format";
import { StatusBadge, ViewHeader, demoOutline } from "../parts";
import type { DemoView } from "../views";
import { ActivityView } from "./ActivityView";

export function DashboardView({
  data,
  now,
  tab,
  go,
  openProject,
}: {
  data: DemoData;
  now: Date;
  tab: "recent" | "activity";
  go: (v: DemoView) => void;
  openProject: (id: number) => void;
}) {
  const counters = [
    { label: "Aktive Projekte", value: data.stats.activeProjects, icon: FolderKanban, view: "projects" as const },
    { label: "Teammitglieder", value: data.stats.teamMembers, icon: Users, view: "users" as const },
    { label: "Dokumente", value: data.stats.documents, icon: FileText, view: "documents" as const },
  ];
  const tabClass = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium transition-colors ${active ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`;
  return (
    <div>
      <ViewHeader title="Willkommen zurück, Max" subtitle="Überblick über Ihre Projekte bei Musterbau GmbH" />
      <div className="grid gap-3 sm:grid-cols-3">
        {counters.map((c) => (
          <button
            key={c.label}
            type="button"
            onClick={() => go(c.view)}
            data-testid={`demo-counter-${c.view}`}
            className="flex items-center justify-between rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-brand-300 hover:shadow-md"
          >
            <span>
              <span className="block text-sm text-slate-500">{c.label}</span>
              <span className="mt-1 block text-2xl font-bold text-slate-900">{c.value}</span>
            </span>
            <c.icon className="size-8 text-brand-500" aria-hidden />
          </button>
        ))}
      </div>
      <div className="mt-6">
        <div role="tablist" aria-label="Übersicht" className="inline-flex rounded-lg bg-slate-100 p-1">
          <button
            type="button"
            role="tab"
            aria-selected={tab === "recent"}
            className={tabClass(tab === "recent")}
            onClick={() => go("dashboard")}
          >
            Neueste Projekte
          </button>
          <button
            type="button"
            role="tab"
            aria-selected={tab === "activity"}
            className={tabClass(tab === "activity")}
            onClick={() => go("activity")}
          >
            Aktivitäten
          </button>
        </div>
        <div role="tabpanel" className="mt-4">
          {tab === "recent" ? (
            <div className="rounded-xl border border-slate-200 bg-white">
              <ul className="divide-y divide-slate-100">
                {recentProjects(data.projects).map((p) => (
                  <li key={p.id}>
                    <button
                      type="button"
                      onClick={() => openProject(p.id)}
                      className="flex w-full flex-wrap items-center justify-between gap-2 px-4 py-3 text-left hover:bg-slate-50"
                    >
                      <span>
                        <span className="block font-medium text-slate-900">{p.name}</span>
                        <span className="block text-xs text-slate-500">
                          {p.costCenter} · {formatAgo(p.createdAt, now)}
                        </span>
                      </span>
                      <StatusBadge status={p.status} />
                    </button>
                  </li>
                ))}
              </ul>
              <div className="border-t border-slate-100 p-3 text-center">
                <button type="button" className={demoOutline} onClick={() => go("projects")}>
                  Alle Projekte anzeigen
                </button>
              </div>
            </div>
          ) : (
            <ActivityView activities={data.activities} />
          )}
        </div>
      </div>
    </div>
  );
}
