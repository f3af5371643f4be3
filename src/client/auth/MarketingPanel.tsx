import { Clock, FileSearch, ShieldCheck, TrendingUp } from "lucide-react";
import { Logo } from "../components/Logo";

const FEATURES = [
  {
    icon: FileSearch,
    title: "Prüfung jeder Position",
    text: "Unklare Texte, fehlende Mengen und riskante Formulierungen im Leistungsverzeichnis werden sichtbar, bevor Sie kalkulieren.",
  },
  {
    icon: TrendingUp,
    title: "Nachtragspotenzial erkennen",
    text: "Hinweise, wo Mengen, Bedarfs- und Wahlpositionen nach VOB/B später zu Mehrvergütung führen können.",
  },
  {
    icon: Clock,
    title: "Auswertung in 48 Stunden",
    text: "Ihre Ausschreibung als GAEB-Datei (X83/X84) oder PDF hochladen und die Auswertung direkt im Projekt erhalten.",
  },
  {
    icon: ShieldCheck,
    title: "Nur auf Einladung",
    text: "Jedes Unternehmen sieht ausschließlich seine eigenen Projekte. Zugänge vergibt Ihr Administrator.",
  },
];

export function MarketingPanel() {
  return (
    <div className="flex h-full flex-col justify-center gap-8 bg-brand-900 p-8 text-white lg:p-12">
      <Logo size="lg" variant="light" />
      <div>
        <h2 className="text-2xl font-bold lg:text-3xl">Ausschreibungen schneller und sicherer bewerten</h2>
        <p className="mt-2 text-slate-300">KI-gestützte Analyse von Leistungsverzeichnissen für Bauunternehmen im Hochbau.</p>
      </div>
      <ul className="grid gap-5">
        {FEATURES.map((f) => (
          <li key={f.title} className="flex gap-4">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/10">
              <f.icon className="size-5 text-accent-400" />
            </span>
            <div>
              <p className="font-semibold">{f.title}</p>
              <p className="text-sm text-slate-300">{f.text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
