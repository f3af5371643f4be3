// Frame of every public page: fixed header, content, footer and the back-to-top button.
import { useEffect, type ReactNode } from "react";
import { useLocation } from "react-router";
import { Footer } from "./Footer";
import { PublicHeader } from "./PublicHeader";
import { ScrollToTop } from "./ScrollToTop";

/** Each public page mounts its own layout; only the very first one keeps the scroll position. */
let firstPageOfVisit = true;

/** `fill`: the page's content stretches to the footer (its background reaches the bottom). */
export function PublicLayout({ children, fill = false }: { children: ReactNode; fill?: boolean }) {
  const { pathname, hash } = useLocation();
  // A client-side move to another public page starts at its top (the first load keeps the
  // browser's own scroll restoration and #anchor handling).
  useEffect(() => {
    if (firstPageOfVisit) {
      firstPageOfVisit = false;
      return;
    }
    if (!hash) window.scrollTo({ top: 0, behavior: "instant" });
  }, [pathname, hash]);
  // Marks the page as interactive (hydrated); browser tests wait for it.
  useEffect(() => {
    document.documentElement.dataset.ready = "true";
  }, []);

  return (
    <div className="flex min-h-screen flex-col bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Zum Inhalt springen
      </a>
      <PublicHeader />
      <main id="main" className={fill ? "flex flex-1 flex-col" : "flex-1"}>
        {children}
      </main>
      <Footer />
      <ScrollToTop />
    </div>
  );
}
