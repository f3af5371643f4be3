// Features (#features): the analysis types and the benefits of requirements 1.1.
import { Clock, FileSearch, HardHat, Handshake, Lightbulb, PiggyBank, ShieldAlert, Target, TrendingUp, Zap } from "lucide-react";
import { FadeIn } from "../site/FadeIn";
import { containerClass, sectionClass } from "../site/ui";

const ANALYSES = [
  {
    icon: FileSearch,
    title: "Qualitätsprüfung je Position",
    text: "Jede Position wird auf Vollständigkeit, Eindeutigkeit und Widersprüche zu Vorbemerkungen geprüft – fehlende Mengen oder Einheiten, offene Fabrikatsangaben, Formulierungen wie „nach Wahl des AG“.",
  },
  {
    icon: TrendingUp,
    title: "Nachtragspotenzial mit Kalkulation",
    text: "Lücken in der Leistungsbeschreibung, zu erwartende Mengenabweichungen und nicht ausgeschriebene Besondere Leistungen werden mit einer Einschätzung der Mehrvergütung nach §\u00a02 VOB/B ausgewiesen.",
  },
  {
    icon: ShieldAlert,
    title: "Schwachstellenanalyse",
    text: "Risikoreiche Vertragsbedingungen, unklare Schnittstellen zwischen Gewerken und knappe Ausführungsfristen werden markiert, bevor Sie sich mit Ihrem Angebot binden.",
  },
  {
    icon: Lightbulb,
    title: "Kalkulationshinweise",
    text: "Hinweise auf Positionen mit hohem Preisrisiko, auf Bedarfs- und Wahlpositionen sowie auf Pauschalen, die Sie gesondert bewerten sollten.",
  },
  {
    icon: HardHat,
    title: "Unterstützung in der Bauausführung",
    text: "Die Auswertung begleitet Sie über die Vergabe hinaus: Anhaltspunkte für Bedenken- und Behinderungsanzeigen und für die saubere Dokumentation von Nachträgen.",
  },
  {
    icon: Clock,
    title: "Lieferung in 48 Stunden",
    text: "Innerhalb von 48 Stunden nach Auftragsbestätigung liegt die Auswertung in Ihrem Projekt – auch bei kurzen Angebotsfristen.",
  },
];

const BENEFITS = [
  { icon: Target, title: "Präzision", text: "Jede Position wird geprüft – nicht nur Stichproben." },
  { icon: Zap, title: "Schnellere Auswertung", text: "Ergebnis in 48 Stunden statt tagelanger Durchsicht." },
  { icon: PiggyBank, title: "Kostenreduktion", text: "Bis zu 80\u00a0% weniger interner Aufwand für die LV-Prüfung." },
  { icon: Handshake, title: "Individuelle Partnerschaft", text: "Persönliche Ansprechpartner statt anonymer Software." },
];

export function FeaturesSection() {
  return (
    <section id="features" className={`${sectionClass} bg-white`} aria-labelledby="features-title">
      <FadeIn className={containerClass}>
        <div className="mx-auto max-w-3xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-600">Funktionen</p>
          <h2 id="features-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Was die Analyse in Ihrem Leistungsverzeichnis findet
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Ein LV mit mehreren hundert Positionen birgt Risiken, die im Angebotsdruck leicht übersehen werden. bauklar macht sie sichtbar –
            mit Positionsnummer, Begründung und Empfehlung.
          </p>
        </div>
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {ANALYSES.map((a) => (
            <article key={a.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
              <span className="inline-flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <a.icon className="size-5" aria-hidden />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{a.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{a.text}</p>
            </article>
          ))}
        </div>
        <ul className="mt-12 grid gap-4 rounded-2xl bg-brand-900 p-6 text-white sm:grid-cols-2 sm:p-8 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="flex gap-3">
              <b.icon className="mt-0.5 size-5 shrink-0 text-accent-400" aria-hidden />
              <div>
                <p className="font-semibold">{b.title}</p>
                <p className="text-sm text-slate-300">{b.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </FadeIn>
    </section>
  );
}
