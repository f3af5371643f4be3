// React.lazy for parts that load on demand. A failed download (offline, a deploy replaced the
// chunk) must not take the whole page down: the part is replaced by a short notice.
import { lazy, type ComponentType } from "react";

export function LoadFailed() {
  return (
    <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
      Dieser Teil der Seite konnte nicht geladen werden. Bitte prüfen Sie Ihre Internetverbindung und laden Sie die Seite neu.
    </p>
  );
}

export function safeLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, fallback: ComponentType<P> = LoadFailed) {
  return lazy(() => load().catch(() => ({ default: fallback })));
}
