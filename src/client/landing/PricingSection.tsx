// The four offer cards (requirements 1.2 and 1.9). Each button opens the membership-request
// dialog with its package; the dialog's code loads on first use (or when a button is hovered).
import { Suspense, useState } from "react";
import { Check, Star } from "lucide-react";
import { FadeIn } from "../site/FadeIn";
import { safeLazy } from "../site/safe-lazy";
import { buttonClass, containerClass, sectionClass } from "../site/ui";
import { PACKAGE_OFFERS } from "./packages";

const loadDialog = () => import("./MembershipDialog");
const MembershipDialog = safeLazy(loadDialog);

export function PricingSection() {
  const [packageId, setPackageId] = useState<number | null>(null);
  const [open, setOpen] = useState(false);

  const choose = (id: number) => {
    setPackageId(id);
    setOpen(true);
  };

  return (
    <section id="pricing" className={`${sectionClass} bg-white`} aria-labelledby="pricing-title">
      <FadeIn className={containerClass}>
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Preise</p>
          <h2 id="pricing-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Transparente Pakete für jede Projektgröße
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Sie zahlen pro Leistungsverzeichnis und Position – nicht für Lizenzen, die im Schrank liegen. Alle Pakete sind nur nach
            persönlicher Kontaktaufnahme verfügbar.
          </p>
        </div>
        <div className="mt-12 grid gap-6 md:grid-cols-2 xl:grid-cols-4">
          {PACKAGE_OFFERS.map((p) => (
            <article
              key={p.id}
              data-testid={`package-${p.id}`}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
                p.recommended ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"
              }`}
            >
              {p.recommended ? (
                <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-accent-500 px-3 py-1 text-xs font-semibold text-slate-900">
                  <Star className="size-3.5" aria-hidden /> Empfohlen
                </span>
              ) : null}
              <h3 className="text-xl font-semibold text-slate-900 xl:text-lg">{p.name}</h3>
              <p className="mt-2 min-h-[3rem] text-sm text-slate-600">{p.tagline}</p>
              <p className="mt-5">
                <span className="text-3xl font-bold text-brand-800">{p.price}</span>
                <span className="mt-1 block text-sm text-slate-500">{p.priceUnit}</span>
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {p.lines.map((line) => (
                  <li key={line} className="flex gap-2 text-sm text-slate-700">
                    <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                    {line}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className={buttonClass(p.recommended ? "primary" : "outline", "md", "mt-8 w-full")}
                onClick={() => choose(p.id)}
                onPointerEnter={() => void loadDialog()}
                onFocus={() => void loadDialog()}
                aria-label={`Jetzt anfragen: ${p.name}`}
              >
                Jetzt anfragen
              </button>
            </article>
          ))}
        </div>
        <p className="mt-8 text-center text-sm text-slate-500">Alle Preise netto zzgl. gesetzlicher Umsatzsteuer.</p>
      </FadeIn>
      {packageId !== null ? (
        <Suspense fallback={null}>
          <MembershipDialog open={open} onOpenChange={setOpen} packageId={packageId} />
        </Suspense>
      ) : null}
    </section>
  );
}
