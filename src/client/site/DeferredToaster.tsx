// The toaster (Radix Toast) is not part of the public pages' first load: there it mounts with
// the first toast (the toast store keeps it meanwhile), and parts that may raise a toast while
// the connection is gone (the membership dialog) preload it. Every other page mounts it at
// once, so a toast followed by a quick navigation (logout) is still seen.
import { Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useToasts } from "../hooks/use-toast";
import { safeLazy } from "./safe-lazy";

const PRERENDERED_PAGES = new Set(["/", "/impressum", "/agb"]);

const loadToaster = () => import("../components/ui/toaster").then((m) => ({ default: m.Toaster }));
const Toaster = safeLazy<object>(loadToaster, () => null);

/** Downloads the toaster's code now (on public pages it mounts with the first toast). */
export const preloadToaster = () => void loadToaster().catch(() => undefined);

export function DeferredToaster() {
  const toasts = useToasts();
  const { pathname } = useLocation();
  const [needed, setNeeded] = useState(false);
  if (!needed && (toasts.length > 0 || !PRERENDERED_PAGES.has(pathname))) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
