// Value analysis (#value-analysis) with the cost-comparison calculator.
import { FadeIn } from "../site/FadeIn";
import { containerClass, sectionClass } from "../site/ui";
import { CostCalculator } from "./CostCalculator";

const POINTS = [
  "Eine gründliche LV-Prüfung kostet Ihre Kalkulation rund 15 Minuten je Position – bei 300 Positionen fast zwei Arbeitswochen.",
  "Übersehene Nachträge und falsch bewertete Pauschalen kosten oft mehr als die gesamte Prüfung.",
  "Mit bauklar bleibt die Entscheidung bei Ihnen, die Fleißarbeit nicht: bis zu 80\u00a0% weniger interner Aufwand.",
];

export function ValueSection() {
  return (
    <section id="value-analysis" className={`${sectionClass} bg-slate-50`} aria-labelledby="value-title">
      <FadeIn className={`${containerClass} grid items-start gap-12 lg:grid-cols-2`}>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Wertschöpfung</p>
          <h2 id="value-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Was die LV-Prüfung im eigenen Haus wirklich kostet
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Rechnen Sie selbst: Geben Sie die Positionsanzahl Ihres nächsten Leistungsverzeichnisses ein und vergleichen Sie den internen
            Aufwand mit den Paketpreisen.
          </p>
          <ul className="mt-8 space-y-4">
            {POINTS.map((p) => (
              <li key={p} className="flex gap-3 text-slate-700">
                <span className="mt-2 size-2 shrink-0 rounded-full bg-accent-500" aria-hidden />
                {p}
              </li>
            ))}
          </ul>
        </div>
        <CostCalculator />
      </FadeIn>
    </section>
  );
}
