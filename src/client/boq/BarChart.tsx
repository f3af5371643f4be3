// A small horizontal bar chart in plain markup: readable, printable, no chart library.
export interface Bar {
  label: string;
  value: number;
  display?: string;
  className?: string;
}

export function BarChart({ title, bars, emptyText }: { title: string; bars: Bar[]; emptyText?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <figure className="space-y-2">
      <figcaption className="text-sm font-semibold text-slate-700">{title}</figcaption>
      {bars.length === 0 ? <p className="text-sm text-slate-500">{emptyText ?? "Keine Daten"}</p> : null}
      <ul className="space-y-1.5">
        {bars.map((b) => (
          <li key={b.label} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-2 text-xs">
            <span className="truncate text-slate-600" title={b.label}>
              {b.label}
            </span>
            <span className="h-3 rounded bg-slate-100" aria-hidden>
              <span className={`block h-3 rounded ${b.className ?? "bg-brand-500"}`} style={{ width: `${(b.value / max) * 100}%` }} />
            </span>
            <span className="tabular-nums text-slate-700">{b.display ?? b.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
