// A floating "back to top" button that appears after some scrolling (public pages).
import { ArrowUp } from "lucide-react";
import { useScrolledPast } from "./use-scrolled";

export const scrollToTop = () => window.scrollTo({ top: 0, behavior: "smooth" });

export function ScrollToTop() {
  const visible = useScrolledPast(400);
  return (
    <button
      type="button"
      onClick={scrollToTop}
      aria-label="Nach oben scrollen"
      data-testid="scroll-to-top"
      tabIndex={visible ? 0 : -1}
      aria-hidden={!visible}
      className={`fixed bottom-5 right-5 z-30 inline-flex size-11 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg transition-opacity duration-300 hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 ${
        visible ? "opacity-100" : "pointer-events-none opacity-0"
      }`}
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}
