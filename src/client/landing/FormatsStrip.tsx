// The logo strip: the formats and rules the analysis works with (no customer names are shown).
import { containerClass } from "../site/ui";

const MARKS = [
  { name: "GAEB DA XML", detail: "X83 · X84" },
  { name: "PDF", detail: "Leistungsverzeichnis" },
  { name: "VOB/B", detail: "Vertragsrecht" },
  { name: "VOB/C", detail: "ATV DIN 18299 ff." },
  { name: "BGB", detail: "§§\u00a0650a ff. Bauvertrag" },
];

export function FormatsStrip() {
  return (
    <section aria-labelledby="formats-title" className="border-y border-slate-200 bg-white py-10">
      <div className={containerClass}>
        <h2 id="formats-title" className="text-center text-sm font-medium text-slate-500">
          Arbeitet mit den Formaten und Regelwerken, die Ihre Kalkulation ohnehin nutzt
        </h2>
        <ul className="mt-6 flex flex-wrap items-center justify-center gap-x-10 gap-y-6" data-testid="partner-strip">
          {MARKS.map((m) => (
            <li key={m.name} className="flex flex-col items-center text-slate-500 transition hover:text-brand-700">
              <span className="text-xl font-extrabold tracking-tight">{m.name}</span>
              <span className="text-xs font-medium">{m.detail}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
