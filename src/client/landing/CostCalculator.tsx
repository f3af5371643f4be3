// The cost-comparison calculator of requirements 1.2, 1.5 and 1.9: manual checking effort versus
// the Kalkulationspaket and the Ausführungspaket for a number of positions.
import { useId, useState } from "react";
import { decimal, euro as formatEuro } from "./euro";
import { DEFAULT_CALCULATOR_POSITIONS, MANUAL_HOURLY_RATE, compareCosts, sanitizePositions, type SizeLabel } from "../../common/prices";
import { inputClass } from "../site/ui";

export const SIZE_TEXT: Record<SizeLabel, string> = {
  klein: "Kleines LV (unter 100 Positionen)",
  mittel: "Mittleres LV (100 bis 299 Positionen)",
  groß: "Großes LV (ab 300 Positionen)",
};

const formatHours = (h: number) => `${decimal(h)} Std.`;

function PackageResult({
  name,
  price,
  savings,
  percent,
  testId,
}: {
  name: string;
  price: number;
  savings: number;
  percent: number;
  testId: string;
}) {
  return (
    <div data-testid={testId} className="rounded-lg border border-slate-200 bg-white p-4">
      <p className="text-sm font-medium text-slate-600">{name}</p>
      <p className="mt-1 text-2xl font-bold text-brand-800" data-testid={`${testId}-price`}>
        {formatEuro(price)}
      </p>
      {savings > 0 ? (
        <p className="mt-2 text-sm font-semibold text-emerald-700" data-testid={`${testId}-savings`}>
          {formatEuro(savings)} gespart <span className="whitespace-nowrap">({percent}&nbsp;%)</span>
        </p>
      ) : (
        <p className="mt-2 text-sm font-semibold text-slate-500" data-testid={`${testId}-savings`}>
          Keine Ersparnis
        </p>
      )}
    </div>
  );
}

export function CostCalculator() {
  const id = useId();
  const [raw, setRaw] = useState(String(DEFAULT_CALCULATOR_POSITIONS));
  const positions = sanitizePositions(raw);
  const result = compareCosts(positions);

  return (
    <div className="rounded-2xl border border-slate-200 bg-slate-50 p-5 shadow-sm sm:p-8" data-testid="cost-calculator">
      <h3 className="text-lg font-semibold text-slate-900">Kostenvergleich für Ihr LV</h3>
      <div className="mt-4 space-y-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          Anzahl der Positionen
        </label>
        <input
          id={id}
          data-testid="positions-input"
          className={`${inputClass} h-12 max-w-[12rem] text-lg`}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={raw}
          onChange={(e) => {
            const n = sanitizePositions(e.target.value);
            setRaw(n > 0 ? String(n) : "");
          }}
        />
        <p className="text-sm text-slate-600" data-testid="size-label">
          {SIZE_TEXT[result.size]}
        </p>
      </div>

      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-4" data-testid="manual-cost">
        <p className="text-sm font-medium text-slate-600">Manuelle Prüfung im eigenen Haus</p>
        <p className="mt-1 text-2xl font-bold text-slate-900" data-testid="manual-cost-value">
          {formatEuro(result.manualCost)}
        </p>
        <p className="mt-1 text-sm text-slate-500" data-testid="manual-hours">
          {formatHours(result.hours)} × {formatEuro(MANUAL_HOURLY_RATE)}
        </p>
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <PackageResult
          testId="kalkulation"
          name="Kalkulationspaket"
          price={result.kalkulation.price}
          savings={result.kalkulation.savings}
          percent={result.kalkulation.savingsPercent}
        />
        <PackageResult
          testId="ausfuehrung"
          name="Ausführungspaket"
          price={result.ausfuehrung.price}
          savings={result.ausfuehrung.savings}
          percent={result.ausfuehrung.savingsPercent}
        />
      </div>
      <p className="mt-4 text-xs leading-relaxed text-slate-500">
        Annahmen: 15 Minuten Prüfaufwand je Position und ein Stundensatz von {formatEuro(MANUAL_HOURLY_RATE)} (5.000 € Bruttomonatsgehalt).
        Paketpreis = Servicegebühr pro LV + Preis je Position, ohne die einmalige Einrichtungsgebühr. Alle Preise netto zzgl. USt.
      </p>
    </div>
  );
}
