// The interactive demo dashboard (the dashboard-preview section). Its code loads when the
// section comes near the viewport, into a frame of fixed height, so nothing shifts.
import { Suspense, useEffect, useRef, useState } from "react";
import { MonitorPlay } from "lucide-react";
import { FadeIn } from "../site/FadeIn";
import { safeLazy } from "../site/safe-lazy";
import { containerClass, sectionClass } from "../site/ui";

const DemoDashboard = safeLazy(() => import("../demo/DemoDashboard"));

/** The demo and its placeholder share this size. */
export const DEMO_FRAME_CLASS = "h-[640px] lg:h-[620px]";

function DemoPlaceholder() {
  return (
    <div
      className={`${DEMO_FRAME_CLASS} flex flex-col items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-slate-50 p-6 text-center`}
    >
      <MonitorPlay className="size-10 text-brand-600" aria-hidden />
      <p className="font-medium text-slate-700">Die interaktive Demo wird geladen …</p>
      <noscript>
        <p className="text-sm text-slate-500">Für die interaktive Demo wird JavaScript benötigt.</p>
      </noscript>
    </div>
  );
}

export function DemoSection() {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: "600px 0px" });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  return (
    <section id="dashboard-preview" className={`${sectionClass} bg-white`} aria-labelledby="demo-title">
      <FadeIn className={containerClass}>
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Demo</p>
          <h2 id="demo-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Das Dashboard ausprobieren
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Klicken Sie sich durch Projekte und ihre Analysen – darunter ein LV mit 195 Positionen –, Benutzer, Dokumente und die beiden
            Chatbots, mit Beispieldaten und ohne Anmeldung.
          </p>
        </div>
        <div ref={ref} className="mt-10">
          {near ? (
            <Suspense fallback={<DemoPlaceholder />}>
              <DemoDashboard className={DEMO_FRAME_CLASS} />
            </Suspense>
          ) : (
            <DemoPlaceholder />
          )}
        </div>
      </FadeIn>
    </section>
  );
}
