// Sections fade in when 10 % of them is visible (requirements 1.2). The first render (and the
// pre-rendered HTML) shows everything, so the page reads fine without JavaScript; after mount,
// sections that the observer reports below the viewport are hidden until they scroll in. The
// observer's first report comes with the browser's own layout, so no layout is forced.
import { useEffect, useRef, useState, type ReactNode } from "react";

export const FADE_THRESHOLD = 0.1;
type FadeState = "shown" | "hidden" | "fading";

const STATE_CLASS: Record<FadeState, string> = {
  shown: "",
  hidden: "opacity-0 translate-y-6",
  fading: "opacity-100 translate-y-0 transition-[opacity,translate] duration-700 ease-out",
};

export function FadeIn({ children, className = "" }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FadeState>("shown");

  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let first = true;
    const io = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry.isIntersecting) {
          // Visible at once (or anchored to): stays as it is; later: fades in.
          setState((s) => (s === "hidden" ? "fading" : s));
          if (!first || entry.intersectionRatio > 0) io.disconnect();
        } else if (first && entry.boundingClientRect.top > 0) {
          setState("hidden");
        } else if (first) {
          io.disconnect(); // above the viewport (page restored further down): leave it shown
        }
        first = false;
      },
      { threshold: FADE_THRESHOLD },
    );
    io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    <div ref={ref} data-fade={state} className={`${STATE_CLASS[state]} ${className}`}>
      {children}
    </div>
  );
}
