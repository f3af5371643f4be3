// The toaster (Radix Toast) is not part of the public pages' first load: there it mounts with
// the first toast (the toast store keeps it meanwhile), and parts that may raise a toast while
// the connection is gone (the membership dialog) preload it. Every other page mounts it at
// once, so a toast followed by a quick navigation (logout) is still seen.
// It is loaded with a plain import() and state, not React.lazy + Suspense: React holds a
// resolved Suspense boundary back for up to 300 ms, and a "request is being sent" toast must
// show at once, not after the answer replaced it.
import { useEffect, useState, type ComponentType } from "react";
import { useLocation } from "react-router";
import { useToasts } from "../hooks/use-toast";

const PRERENDERED_PAGES = new Set(["/", "/impressum", "/agb"]);

let loading: Promise<ComponentType> | null = null;
const loadToaster = () =>
  (loading ??= import("../components/ui/toaster").then(
    (m) => m.Toaster,
    (err: unknown) => {
      loading = null; // a later toast may try again (connection back)
      throw err;
    },
  ));

/** Downloads the toaster's code now (on public pages it mounts with the first toast). */
export const preloadToaster = () => void loadToaster().catch(() => undefined);

export function DeferredToaster() {
  const toasts = useToasts();
  const { pathname } = useLocation();
  const needed = toasts.length > 0 || !PRERENDERED_PAGES.has(pathname);
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (!needed || Toaster) return;
    let current = true;
    loadToaster().then(
      (component) => current && setToaster(() => component),
      () => undefined,
    );
    return () => void (current = false);
  }, [needed, Toaster]);
  return Toaster ? <Toaster /> : null;
}
