// The embedded, read-only demo dashboard (requirements 1.2 "Demo dashboard"): hard-coded
// data, views switched in the page without route changes, no network calls. Changing
// controls are shown disabled.
import { lazy, Suspense, useMemo, useRef, useState } from "react";
import { Bot, FileText, FolderKanban, HardHat, LayoutDashboard, LogOut, Scale, Settings, Users } from "lucide-react";
import { Link } from "react-router";
import { safeLazy } from "../site/safe-lazy";
import { DEMO_COMPANY, DEMO_ME, createDemoData, type DemoProject } from "./data";
import { DisabledButton, demoPrimary } from "./parts";
import type { DemoView } from "./views";
import { DashboardView } from "./views/DashboardView";
import { ProjectDetailsView } from "./views/ProjectDetailsView";
import { ProjectsView } from "./views/ProjectsView";

const AnalysisDialog = lazy(() => import("./AnalysisDialog"));
// The real LV tab with a project's analysis: loaded only when a visitor opens one.
const LvView = safeLazy(() => import("./views/LvView"));
// The views a visitor reaches from the navigation load with it, so the landing page carries only
// the dashboard and the project views.
const UsersView = safeLazy(() => import("./views/UsersView"));
const DocumentsView = safeLazy(() => import("./views/DocumentsView"));
const SettingsView = safeLazy(() => import("./views/SettingsView"));
const DemoChat = safeLazy(() => import("./views/DemoChat"));

const NAV: { label: string; view: DemoView; icon: typeof Bot; also?: DemoView[] }[] = [
  { label: "Dashboard", view: "dashboard", icon: LayoutDashboard, also: ["activity"] },
  { label: "Projekte", view: "projects", icon: FolderKanban, also: ["project-details", "project-lv"] },
  { label: "Benutzer", view: "users", icon: Users },
  { label: "Dokumente", view: "documents", icon: FileText },
  { label: "Chatbot Baurecht", view: "chatbot-legal", icon: Scale },
  { label: "Chatbot Bauausführung", view: "chatbot-construction", icon: HardHat },
  { label: "Einstellungen", view: "settings", icon: Settings },
];

export default function DemoDashboard({ className = "" }: { className?: string }) {
  const [now] = useState(() => new Date());
  const data = useMemo(() => createDemoData(now), [now]);
  const [view, setView] = useState<DemoView>("dashboard");
  const [projectId, setProjectId] = useState<number>(data.projects[0].id);
  const [dialogProject, setDialogProject] = useState<DemoProject | null>(null);
  const content = useRef<HTMLDivElement>(null);

  const go = (next: DemoView) => {
    setView(next);
    content.current?.scrollTo({ top: 0 });
  };
  const openProject = (id: number) => {
    setProjectId(id);
    go("project-details");
  };
  const openAnalysis = (id: number) => {
    setProjectId(id);
    go("project-lv");
  };
  const isActive = (item: (typeof NAV)[number]) => item.view === view || !!item.also?.includes(view);
  const project = data.projects.find((p) => p.id === projectId) ?? data.projects[0];
  const isChat = view === "chatbot-legal" || view === "chatbot-construction";

  const body = (() => {
    switch (view) {
      case "dashboard":
      case "activity":
        return <DashboardView data={data} now={now} tab={view === "activity" ? "activity" : "recent"} go={go} openProject={openProject} />;
      case "projects":
        return <ProjectsView projects={data.projects} now={now} openProject={openProject} openAnalysis={openAnalysis} />;
      case "project-details":
        return <ProjectDetailsView project={project} back={() => go("projects")} openAnalysis={openAnalysis} />;
      case "project-lv":
        return <LvView project={project} back={() => go("project-details")} />;
      case "users":
        return <UsersView users={data.users} />;
      case "documents":
        return <DocumentsView documents={data.documents} projects={data.projects} />;
      case "settings":
        return <SettingsView me={DEMO_ME} />;
      case "chatbot-legal":
        return <DemoChat kind="legal" />;
      case "chatbot-construction":
        return <DemoChat kind="construction" />;
    }
  })();

  const navButton = (item: (typeof NAV)[number], mobile: boolean) => (
    <button
      key={item.view}
      type="button"
      onClick={() => go(item.view)}
      aria-current={isActive(item) ? "page" : undefined}
      data-testid={mobile ? `demo-nav-mobile-${item.view}` : `demo-nav-${item.view}`}
      className={
        mobile
          ? `inline-flex shrink-0 items-center gap-1.5 rounded-full px-3 py-1.5 text-sm font-medium ${isActive(item) ? "bg-brand-700 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200"}`
          : `flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium transition-colors ${
              isActive(item) ? "bg-white/15 text-white" : "text-slate-300 hover:bg-white/10 hover:text-white"
            }`
      }
    >
      <item.icon className="size-4 shrink-0" aria-hidden />
      {item.label}
    </button>
  );

  return (
    <div
      className={`${className} flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-slate-100 text-left shadow-2xl`}
      data-testid="demo-dashboard"
      data-view={view}
      aria-label="Demo-Dashboard"
      role="region"
    >
      <div className="flex min-h-0 flex-1">
        <aside className="hidden w-60 shrink-0 flex-col bg-brand-900 p-3 text-white md:flex">
          <div className="flex items-center gap-2 px-2 py-2">
            <img src="/static/logo-symbol.svg" alt="" width={28} height={28} className="size-7" />
            <span className="text-lg font-bold">bauklar</span>
            <span className="ml-auto rounded bg-accent-500 px-1.5 py-0.5 text-[10px] font-bold uppercase text-slate-900">Demo</span>
          </div>
          <p className="px-2 pb-3 text-xs text-slate-400">{DEMO_COMPANY.name}</p>
          <nav aria-label="Demo-Navigation" className="flex-1 space-y-1">
            {NAV.map((item) => navButton(item, false))}
          </nav>
          <div className="border-t border-white/10 pt-3">
            <div className="flex items-center gap-2 px-2">
              <span className="flex size-8 items-center justify-center rounded-full bg-white/15 text-xs font-semibold">MM</span>
              <span className="min-w-0">
                <span className="block truncate text-sm font-medium">
                  {DEMO_ME.firstName} {DEMO_ME.lastName}
                </span>
                <span className="block text-xs text-slate-400">{DEMO_ME.role}</span>
              </span>
            </div>
            <DisabledButton className="mt-2 flex w-full items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-300 disabled:cursor-not-allowed disabled:opacity-50">
              <LogOut className="size-4" aria-hidden /> Abmelden
            </DisabledButton>
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <div className="border-b border-slate-200 bg-white md:hidden">
            <div className="flex items-center justify-between px-3 py-2">
              <span className="flex items-center gap-2">
                <img src="/static/logo-symbol.svg" alt="" width={24} height={24} className="size-6" />
                <span className="text-sm font-semibold text-slate-800">{DEMO_COMPANY.name}</span>
                <span className="rounded bg-accent-500 px-1.5 py-0.5 text-[10px] font-bold uppercase text-slate-900">Demo</span>
              </span>
              <DisabledButton className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs text-slate-600 disabled:cursor-not-allowed disabled:opacity-50">
                <LogOut className="size-3.5" aria-hidden /> Abmelden
              </DisabledButton>
            </div>
            <nav aria-label="Demo-Navigation mobil" className="flex gap-2 overflow-x-auto px-3 pb-2">
              {NAV.map((item) => navButton(item, true))}
            </nav>
          </div>
          <div ref={content} className={`min-h-0 flex-1 overflow-y-auto p-4 sm:p-6 ${isChat ? "flex flex-col" : ""}`}>
            <Suspense
              fallback={
                <p role="status" className="py-10 text-sm text-slate-600">
                  Wird geladen…
                </p>
              }
            >
              {body}
            </Suspense>
          </div>
        </div>
      </div>
      <div className="flex flex-col items-center justify-between gap-2 border-t border-slate-200 bg-white px-4 py-3 text-sm text-slate-600 sm:flex-row">
        <p>Dies ist eine Demo-Version. Für den vollständigen Zugriff, bitte einloggen.</p>
        <Link to="/auth" className={demoPrimary}>
          Zum Login
        </Link>
      </div>
      {dialogProject ? (
        <Suspense fallback={null}>
          <AnalysisDialog project={dialogProject} onClose={() => setDialogProject(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
