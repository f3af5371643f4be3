// The dashboard frame: sidebar (a drawer below 1024 px), impersonation banner, page outlet.
import { useState } from "react";
import { Outlet } from "react-router";
import { Menu, UserX } from "lucide-react";
import { Dialog as D } from "radix-ui";
import { Button } from "../components/ui/button";
import { Logo } from "../components/Logo";
import { Sidebar, displayName } from "./Sidebar";
import { useSessionUser } from "./session-user";

export default function DashboardShell() {
  const user = useSessionUser();
  const [drawer, setDrawer] = useState(false);
  return (
    <D.Root open={drawer} onOpenChange={setDrawer}>
      <div className="flex min-h-screen bg-slate-50">
        <aside className="hidden w-64 shrink-0 lg:block">
          <div className="fixed inset-y-0 w-64">
            <Sidebar user={user} />
          </div>
        </aside>
        {/* A modal dialog (Radix): focus stays inside, Escape closes it, focus returns to the menu button. */}
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50 lg:hidden" />
          <D.Content className="fixed inset-y-0 left-0 z-40 w-72 max-w-[85vw] shadow-xl lg:hidden" aria-describedby={undefined}>
            <D.Title className="sr-only">Navigation</D.Title>
            <Sidebar user={user} onNavigate={() => setDrawer(false)} />
          </D.Content>
        </D.Portal>
        <div className="flex min-w-0 flex-1 flex-col">
          {user.isImpersonating ? (
            <div
              className="flex flex-wrap items-center justify-between gap-2 bg-amber-400 px-4 py-2 text-sm text-slate-900"
              role="status"
              data-testid="impersonation-banner"
            >
              <span className="flex items-center gap-2">
                <UserX className="size-4" /> Sie sind als <strong>{displayName(user)}</strong> (@{user.username}) angemeldet.
              </span>
              <Button size="sm" variant="outline" onClick={() => window.location.assign("/api/stop-impersonation")}>
                Impersonation beenden
              </Button>
            </div>
          ) : null}
          <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-4 py-3 lg:hidden" data-testid="mobile-header">
            <D.Trigger asChild>
              <Button variant="ghost" size="icon" aria-label="Menü öffnen">
                <Menu className="size-5" />
              </Button>
            </D.Trigger>
            <Logo size="sm" />
          </header>
          <main className="mx-auto w-full max-w-7xl flex-1 p-4 sm:p-6 lg:p-8">
            <Outlet />
          </main>
        </div>
      </div>
    </D.Root>
  );
}
