// Services (#services): how a project is captured, and the GOAL focus areas of the analysis.
import { FadeIn } from "../site/FadeIn";
import { containerClass, sectionClass } from "../site/ui";

const STEPS = [
  { title: "Projekt anlegen", text: "Name, Kostenstelle, Ansprechpartner und Kontakt-E-Mail – in einer Minute im Dashboard erfasst." },
  { title: "Ausschreibung hochladen", text: "Das Leistungsverzeichnis als GAEB DA XML (X83, X84) oder PDF, bis 10 MB je Datei." },
  { title: "Auftrag bestätigen", text: "Wir prüfen Umfang und Positionsanzahl und bestätigen Ihnen den Auftrag mit dem Festpreis." },
  {
    title: "Auswertung erhalten",
    text: "Die automatische Vorprüfung sehen Sie sofort nach dem Hochladen; die von unseren Experten geprüfte Auswertung erscheint innerhalb von 48 Stunden im Projekt – für Ihr ganzes Team abrufbar.",
  },
];

const GOAL = [
  {
    letter: "G",
    title: "Genauigkeit",
    text: "Mengen, Einheiten, Vordersätze und Positionsstruktur: Stimmen Ordnungszahlen, Summen und Bezüge zu Plänen und Vorbemerkungen?",
  },
  {
    letter: "O",
    title: "Offene Punkte",
    text: "Unklare Formulierungen, fehlende Fabrikats- oder Güteangaben und Widersprüche, die vor Abgabe als Bieterfrage geklärt werden sollten.",
  },
  {
    letter: "A",
    title: "Ausführungsrisiken",
    text: "Bauablauf, Schnittstellen zwischen Gewerken, Ausführungsfristen und Baustellenbedingungen, die Ihre Kalkulation belasten können.",
  },
  {
    letter: "L",
    title: "Leistungsabgrenzung",
    text: "Nebenleistungen oder Besondere Leistungen nach VOB/C? Was nicht ausgeschrieben ist, wird als Nachtragspotenzial ausgewiesen.",
  },
];

export function ServicesSection() {
  return (
    <section id="services" className={`${sectionClass} bg-slate-50`} aria-labelledby="services-title">
      <FadeIn className={containerClass}>
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Leistungen</p>
          <h2 id="services-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Vom Upload zur fertigen Auswertung
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Sie erfassen das Projekt, wir liefern die Analyse. Ohne Softwareinstallation, ohne Schulungsaufwand.
          </p>
        </div>

        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <div>
            <h3 className="text-xl font-semibold text-slate-900">Projekterfassung</h3>
            <ol className="mt-6 space-y-5">
              {STEPS.map((s, i) => (
                <li key={s.title} className="flex gap-4">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                    {i + 1}
                  </span>
                  <div>
                    <p className="font-semibold text-slate-900">{s.title}</p>
                    <p className="mt-1 text-sm leading-relaxed text-slate-600">{s.text}</p>
                  </div>
                </li>
              ))}
            </ol>
          </div>
          <div>
            <h3 className="text-xl font-semibold text-slate-900">Die GOAL-Analyse: vier Schwerpunkte</h3>
            {/* One column where the half-width column is too narrow for two cards with these long words. */}
            <div className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2">
              {GOAL.map((g) => (
                <article key={g.letter} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <span
                    className="flex size-10 items-center justify-center rounded-lg bg-accent-500 text-lg font-bold text-slate-900"
                    aria-hidden
                  >
                    {g.letter}
                  </span>
                  <h4 className="mt-3 font-semibold text-slate-900">{g.title}</h4>
                  <p className="mt-3 text-sm leading-relaxed text-slate-600">{g.text}</p>
                </article>
              ))}
            </div>
          </div>
        </div>
      </FadeIn>
    </section>
  );
}
