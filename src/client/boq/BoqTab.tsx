// The "Leistungsverzeichnis" tab of a project: what the reader found in the uploaded LV, the
// chargeable positions with both package prices, the pre-check with the money at stake
// ("Betrag im Risiko", by VOB basis), the findings about the LV as a whole, the long text of the
// selected position, and the Excel export.
import { useMemo, useState, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Columns3, FileSearch, FileSpreadsheet, Loader2, Search } from "lucide-react";
import { formatEuro } from "../../common/format";
import { Badge } from "../components/ui/badge";
import { Button, buttonVariants } from "../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { cn } from "../lib/utils";
import { BarChart } from "./BarChart";
import { ColumnMappingDialog } from "./ColumnMappingDialog";
import { findingsByOz as groupByOz, findingsByTitle, lvFindings, matchesSearch, potentialByBasis, sectionStats } from "./summary";
import { FORMAT_LABELS, KIND_LABELS, POSITION_BADGES, SEVERITY_STYLES, type BoqFinding, type BoqPosition, type BoqResponse } from "./types";

const num = (n: number | null) => (n === null ? "–" : n.toLocaleString("de-DE", { maximumFractionDigits: 3 }));

export function BoqTab({ projectId, canManage }: { projectId: number; canManage: boolean }) {
  const { data, isPending, isError } = useQuery<BoqResponse>({
    queryKey: [`/api/projects/${projectId}/boq`],
    // Poll only while the background reader works on the file.
    refetchInterval: (q) => (q.state.data?.status === "pending" ? 1500 : false),
  });
  const [term, setTerm] = useState("");
  const [selected, setSelected] = useState<number | null>(null);
  const [mappingOpen, setMappingOpen] = useState(false);
  const positions = useMemo(() => data?.positions ?? [], [data]);
  const visible = useMemo(() => positions.filter((p) => p.kind !== "item" || matchesSearch(p, term.trim())), [positions, term]);
  // Derived once per response, not per keystroke in the search (the LV may have 5 000 positions).
  const findingsByOz = useMemo(() => groupByOz(data?.findings ?? []), [data]);
  const lvWide = useMemo(() => lvFindings(data?.findings ?? []), [data]);
  const sections = useMemo(() => sectionStats(positions), [positions]);
  const findingGroups = useMemo(() => findingsByTitle(data?.findings ?? []), [data]);
  const moneyByBasis = useMemo(() => potentialByBasis(data?.potential), [data]);
  const priced = useMemo(() => positions.some((p) => p.kind === "item" && p.total), [positions]);
  const current = useMemo(() => positions.find((p) => p.seq === selected) ?? null, [positions, selected]);

  if (isPending) return <Loader label="Leistungsverzeichnis wird geladen…" />;
  if (isError) return <Notice>Für dieses Projekt liegt kein auswertbares Leistungsverzeichnis vor.</Notice>;
  if (data.status === "pending") return <Loader label="Das Leistungsverzeichnis wird gelesen… Das dauert meist nur wenige Sekunden." />;
  const mappingDialog = data.sheetPreview ? (
    <ColumnMappingDialog
      key={JSON.stringify(data.mapping ?? data.sheetPreview.guess)}
      projectId={projectId}
      preview={data.sheetPreview}
      open={mappingOpen}
      onOpenChange={setMappingOpen}
    />
  ) : null;
  const mappingButton = (label: string) =>
    data.sheetPreview && canManage ? (
      <Button variant="outline" size="sm" onClick={() => setMappingOpen(true)}>
        <Columns3 className="size-4" /> {label}
      </Button>
    ) : null;
  if (data.status !== "done")
    return (
      <div className="space-y-3">
        <Notice>
          {data.status === "unsupported" ? "Diese Datei wird noch nicht automatisch analysiert." : "Die Datei konnte nicht gelesen werden."}{" "}
          {data.error}
          {data.sheetPreview && !canManage ? " Ein Administrator Ihres Unternehmens kann die Spalten zuordnen." : ""}
        </Notice>
        {mappingButton("Spalten zuordnen")}
        {mappingDialog}
      </div>
    );

  const counts = data.counts ?? {};
  const potential = data.potential ?? null;
  const exportButton = (
    <a href={`/api/projects/${projectId}/boq/export.xlsx`} download className={buttonVariants({ variant: "outline", size: "sm" })}>
      <FileSpreadsheet className="size-4" /> Als Excel herunterladen
    </a>
  );

  return (
    <div className="space-y-6" data-testid="boq-tab">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <Stat label="Abrechenbare Positionen" value={String(data.chargeablePositions)} hint="ohne doppelte oder gleichartige Positionen" />
        <Stat
          label="Kalkulationspaket"
          value={data.prices ? formatEuro(data.prices.kalkulationspaket) : "–"}
          hint="75 € je LV + 1,35 € je Position, netto"
        />
        <Stat
          label="Ausführungspaket"
          value={data.prices ? formatEuro(data.prices.ausfuehrungspaket) : "–"}
          hint="125 € je LV + 3,05 € je Position, netto"
        />
        <Stat
          label="Betrag im Risiko"
          value={potential ? formatEuro(potential.totalEur) : "–"}
          hint={
            potential
              ? `aus ${potential.count} ${potential.count === 1 ? "Befund" : "Befunden"}, netto; jede Position einmal gezählt`
              : "Das LV enthält keine Preise – mit Einheitspreisen (X84) lässt sich der Betrag beziffern."
          }
          testId="boq-potential"
        />
      </div>

      <ReadingNotes
        data={data}
        action={
          <div className="flex flex-wrap gap-2">
            {mappingButton("Spaltenzuordnung ändern")}
            {exportButton}
          </div>
        }
      />
      {mappingDialog}

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Überblick</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-6 md:grid-cols-2">
          <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
            {Object.entries(KIND_LABELS)
              .filter(([k]) => (counts[k] ?? 0) > 0 || k === "items")
              .map(([k, label]) => (
                <div key={k} className="contents">
                  <dt className="text-slate-600">{label}</dt>
                  <dd className="text-right font-medium tabular-nums">{counts[k] ?? 0}</dd>
                </div>
              ))}
          </dl>
          <BarChart
            title={priced ? "Wert je Los/Titel (netto)" : "Positionen je Los/Titel"}
            bars={sections.map((s) => ({
              label: s.label,
              value: priced ? s.value : s.items,
              display: priced ? formatEuro(s.value) : String(s.items),
            }))}
            emptyText="Keine Gliederung vorhanden"
          />
          <BarChart
            title="Befunde der Vorprüfung"
            bars={findingGroups.map((g) => ({ label: g.title, value: g.count, className: SEVERITY_STYLES[g.severity].bar }))}
            emptyText="Keine Auffälligkeiten gefunden"
          />
          <BarChart
            title="Betrag im Risiko nach Grundlage (netto)"
            bars={moneyByBasis.map((b) => ({ label: b.basis, value: b.eur, display: formatEuro(b.eur), className: "bg-amber-500" }))}
            emptyText={potential ? "Kein Befund lässt sich beziffern" : "Ohne Einheitspreise nicht bezifferbar"}
          />
        </CardContent>
      </Card>

      <LvFindings findings={lvWide} />

      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card>
          <CardHeader className="gap-3">
            <CardTitle className="text-base">Positionen{data.boqName ? ` – ${data.boqName}` : ""}</CardTitle>
            <div className="relative">
              <Search className="absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
              <Input
                value={term}
                onChange={(e) => setTerm(e.target.value)}
                placeholder="OZ oder Text suchen…"
                className="pl-9"
                aria-label="Positionen durchsuchen"
              />
            </div>
          </CardHeader>
          <CardContent>
            <ol className="max-h-[32rem] space-y-0.5 overflow-y-auto text-sm" aria-label="Leistungsverzeichnis">
              {visible.map((p) => (
                <PositionRow
                  key={p.seq}
                  p={p}
                  active={p.seq === selected}
                  findings={findingsByOz.get(p.oz ?? "")?.length ?? 0}
                  onSelect={() => setSelected(p.seq)}
                />
              ))}
            </ol>
          </CardContent>
        </Card>
        <Card className="lg:sticky lg:top-4 lg:self-start">
          <CardHeader>
            <CardTitle className="text-base">{current ? `OZ ${current.oz ?? ""}` : "Langtext"}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm">
            {current ? (
              <>
                <p className="font-medium">{current.shortText}</p>
                {current.kind === "item" ? (
                  <p className="text-slate-600">
                    Menge: {num(current.qty)} {current.unit}
                    {current.unitPrice !== null ? ` · EP ${formatEuro(current.unitPrice)}` : ""}
                    {current.total !== null ? ` · GP ${formatEuro(current.total)}` : ""}
                  </p>
                ) : null}
                <p className="whitespace-pre-line text-slate-700" data-testid="boq-longtext">
                  {current.longText || "Kein Langtext vorhanden."}
                </p>
                {(findingsByOz.get(current.oz ?? "") ?? []).map((f, i) => (
                  <FindingCard key={i} f={f} />
                ))}
              </>
            ) : (
              <p className="text-slate-500">Wählen Sie eine Position, um ihren Langtext und die Befunde zu sehen.</p>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function PositionRow({ p, active, findings, onSelect }: { p: BoqPosition; active: boolean; findings: number; onSelect: () => void }) {
  const isSection = p.kind === "lot" || p.kind === "title";
  return (
    <li style={{ paddingLeft: `${p.level * 1}rem` }}>
      <button
        type="button"
        onClick={onSelect}
        className={cn(
          "flex w-full items-start gap-2 rounded px-2 py-1 text-left hover:bg-slate-50",
          active && "bg-brand-50 ring-1 ring-brand-200",
          isSection && "font-semibold text-brand-900",
        )}
      >
        <span className="w-24 shrink-0 tabular-nums text-slate-500">{p.oz}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate">{p.shortText || (p.kind === "remark" ? "Hinweistext" : "—")}</span>
          {p.kind === "item" ? (
            <span className="flex flex-wrap gap-1 pt-0.5">
              {p.kinds
                .filter((k) => POSITION_BADGES[k])
                .map((k) => (
                  <Badge key={k} className="border-slate-200 bg-slate-50 px-1.5 py-0 text-[10px] font-medium text-slate-600">
                    {POSITION_BADGES[k]}
                  </Badge>
                ))}
            </span>
          ) : null}
        </span>
        {p.kind === "item" ? (
          <span className="shrink-0 text-right text-xs tabular-nums text-slate-600">
            {num(p.qty)} {p.unit}
          </span>
        ) : null}
        {findings ? (
          <span title={`${findings} Befund(e)`} className="shrink-0 text-amber-600">
            <AlertTriangle className="size-4" />
          </span>
        ) : null}
      </button>
    </li>
  );
}

/** One finding: severity, title, a "KI-Hinweis" badge for model findings, why, basis, evidence and
 *  the amount at stake (or which price is missing to name it). */
function FindingCard({ f }: { f: BoqFinding }) {
  const related = (f.relatedOz ?? []).filter((oz) => oz !== f.oz);
  return (
    <div className={cn("space-y-1 rounded-md border p-2 text-sm", SEVERITY_STYLES[f.severity].className)} data-testid="boq-finding">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-semibold">
          {SEVERITY_STYLES[f.severity].label}: {f.title}
          {f.source === "model" ? (
            <Badge
              className="ml-2 border-violet-200 bg-violet-50 px-1.5 py-0 align-middle text-[10px] text-violet-700"
              title="Von der KI-Prüfung als Frage formuliert – fachlich prüfen"
            >
              KI-Hinweis
            </Badge>
          ) : null}
        </p>
        {f.potentialEur != null ? (
          <span className="shrink-0 rounded bg-white/70 px-1.5 font-semibold tabular-nums" title="Betrag im Risiko (netto)">
            {formatEuro(f.potentialEur)}
          </span>
        ) : null}
      </div>
      <p>{f.why}</p>
      {f.excerpt ? <p className="text-xs italic">„{f.excerpt}“</p> : null}
      {f.evidence ? <p className="text-xs">Beleg: {f.evidence}</p> : null}
      {related.length ? <p className="text-xs">Betrifft auch: OZ {related.join(", ")}</p> : null}
      {f.basis ? <p className="text-xs">Grundlage: {f.basis}</p> : null}
      {f.potentialEur == null && f.priceNeeded ? <p className="text-xs opacity-80">{f.priceNeeded}</p> : null}
    </div>
  );
}

const LV_FINDINGS_SHOWN = 10;

/** "Fragen und Befunde zum gesamten LV": the findings with scope "lv" (not tied to one position). */
function LvFindings({ findings }: { findings: BoqFinding[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? findings : findings.slice(0, LV_FINDINGS_SHOWN);
  return (
    <Card data-testid="boq-lv-findings">
      <CardHeader>
        <CardTitle className="text-base">Fragen und Befunde zum gesamten LV{findings.length ? ` (${findings.length})` : ""}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-2">
        {findings.length === 0 ? <p className="text-sm text-slate-500">Zum LV als Ganzem hat die Vorprüfung keine Befunde.</p> : null}
        {shown.map((f, i) => (
          <FindingCard key={i} f={f} />
        ))}
        {findings.length > LV_FINDINGS_SHOWN ? (
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => setAll((v) => !v)}>
            {all ? "Weniger anzeigen" : `Alle ${findings.length} Befunde anzeigen`}
          </button>
        ) : null}
      </CardContent>
    </Card>
  );
}

const WARNINGS_SHOWN = 5;

/** Where the positions came from and what the reader could not read (page/row named). */
function ReadingNotes({ data, action }: { data: BoqResponse; action: ReactNode }) {
  const [all, setAll] = useState(false);
  const warnings = data.warnings ?? [];
  const shown = all ? warnings : warnings.slice(0, WARNINGS_SHOWN);
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="boq-reading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">
          Gelesen als <strong>{FORMAT_LABELS[data.format ?? ""] ?? data.format ?? "–"}</strong>
          {data.baseFileName ? <> · Preise in das LV „{data.baseFileName}“ übernommen</> : null}
        </p>
        {action}
      </div>
      {warnings.length ? (
        <ul className="mt-2 list-disc space-y-0.5 pl-5 text-slate-600" aria-label="Hinweise zum Einlesen">
          {shown.map((w, i) => (
            <li key={i}>{w}</li>
          ))}
        </ul>
      ) : null}
      {warnings.length > WARNINGS_SHOWN ? (
        <button type="button" className="mt-1 text-brand-700 underline" onClick={() => setAll((v) => !v)}>
          {all ? "Weniger anzeigen" : `Alle ${warnings.length} Hinweise anzeigen`}
        </button>
      ) : null}
    </div>
  );
}

function Stat({ label, value, hint, testId }: { label: string; value: string; hint: string; testId?: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent className="pt-6">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold tabular-nums text-brand-900">{value}</p>
        <p className="text-xs text-slate-500">{hint}</p>
      </CardContent>
    </Card>
  );
}

const Loader = ({ label }: { label: string }) => (
  <div role="status" className="flex items-center gap-3 py-10 text-sm text-slate-600">
    <Loader2 className="size-5 animate-spin text-brand-600" /> {label}
  </div>
);

const Notice = ({ children }: { children: ReactNode }) => (
  <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
    <FileSearch className="mt-0.5 size-5 shrink-0 text-slate-500" />
    <p>{children}</p>
  </div>
);
