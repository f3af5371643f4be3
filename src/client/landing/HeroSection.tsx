// Hero (#home): what bauklar does, 'Jetzt starten' to the pricing section, and a sample of
// what an evaluation points out (rendered as HTML, so it paints with the page).
import { CheckCircle2, Clock, FileCheck2 } from "lucide-react";
import { buttonClass, containerClass } from "../site/ui";

const FINDINGS = [
  {
    pos: "01.02.0030",
    text: "Bodenaushub „BK 3–5“: Bodenklassen statt Homogenbereiche nach DIN 18300",
    tag: "Unklare Position",
    tone: "bg-amber-100 text-amber-900",
  },
  {
    pos: "02.01.0120",
    text: "Wasserhaltung nicht ausgeschrieben – Grundwasser laut Baugrundgutachten 2,10 m unter GOK",
    tag: "Nachtragspotenzial",
    tone: "bg-emerald-100 text-emerald-900",
  },
  {
    pos: "03.04.0010",
    text: "Abdichtung erdberührter Bauteile als Pauschale, Fläche offen",
    tag: "Kalkulationsrisiko",
    tone: "bg-red-100 text-red-900",
  },
];

export function HeroSection() {
  return (
    <section id="home" className="scroll-mt-16 bg-gradient-to-b from-brand-50 via-white to-white pb-16 pt-28 sm:pb-24 sm:pt-36">
      <div className={`${containerClass} grid items-center gap-12 lg:grid-cols-2`}>
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-200 bg-white px-3 py-1 text-sm font-medium text-brand-700">
            KI-gestützte LV-Analyse für den Hochbau
          </p>
          <h1 className="mt-5 text-3xl font-bold tracking-tight text-slate-900 min-[400px]:text-4xl sm:text-5xl">
            Ausschreibungen verstehen, <span className="text-brand-600">bevor Sie kalkulieren.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-slate-600">
            bauklar prüft Ihr Leistungsverzeichnis Position für Position: unklare Leistungsbeschreibungen, Nachtragspotenzial und
            Kalkulationsrisiken. Die automatische Vorprüfung steht sofort nach dem Hochladen bereit, die von Experten geprüfte Auswertung
            innerhalb von 48 Stunden nach Auftragsbestätigung.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="#pricing" className={buttonClass("accent", "lg")}>
              Jetzt starten
            </a>
            <a href="#dashboard-preview" className={buttonClass("outline", "lg")}>
              Demo ansehen
            </a>
          </div>
          <ul className="mt-8 grid gap-2 text-sm text-slate-700 sm:grid-cols-3">
            <li className="flex items-center gap-2">
              <FileCheck2 className="size-4 shrink-0 text-brand-600" aria-hidden /> GAEB X83/X84 oder PDF
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-brand-600" aria-hidden /> Ergebnis in 48 Stunden
            </li>
            <li className="flex items-center gap-2">
              <CheckCircle2 className="size-4 shrink-0 text-brand-600" aria-hidden /> Bis zu 80&nbsp;% weniger Aufwand
            </li>
          </ul>
        </div>
        <div
          aria-label="Beispiel einer Auswertung"
          role="figure"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6"
        >
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 pb-4">
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Auswertung · Beispiel</p>
              <p className="mt-1 font-semibold text-slate-900">LV Rohbauarbeiten, Neubau Kita</p>
            </div>
            <span className="rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-800">Abgeschlossen</span>
          </div>
          <dl className="grid grid-cols-3 gap-3 py-4 text-center">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-500">Positionen</dt>
              <dd className="text-xl font-bold text-slate-900">312</dd>
            </div>
            <div className="rounded-lg bg-amber-50 p-3">
              <dt className="text-xs text-amber-800">Hinweise</dt>
              <dd className="text-xl font-bold text-amber-900">27</dd>
            </div>
            <div className="rounded-lg bg-emerald-50 p-3">
              <dt className="text-xs text-emerald-800">Nachtrags&shy;chancen</dt>
              <dd className="text-xl font-bold text-emerald-900">9</dd>
            </div>
          </dl>
          <ul className="space-y-3">
            {FINDINGS.map((f) => (
              <li key={f.pos} className="rounded-lg border border-slate-100 p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-mono text-xs text-slate-500">Pos. {f.pos}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${f.tone}`}>{f.tag}</span>
                </div>
                <p className="mt-1 text-sm text-slate-800">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
