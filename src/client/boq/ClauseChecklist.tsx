// "Vertragsklauseln – Checkliste" on the LV tab: every clause type of the checklist with its
// verdict, the quoted clause with document and paragraph, the figures read and the yardstick;
// filterable by verdict, group and text. A type the tender does not regulate says so.
import { useMemo, useState } from "react";
import type { ChecklistEntryDto } from "../../common/schemas/contract-documents";
import { Badge } from "../components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { NativeSelect } from "../components/ui/select";
import { SearchInput } from "../components/ui/search-input";
import { cn } from "../lib/utils";
import { CHECKLIST_FILTERS, checklistCounts, filterChecklist, VERDICT_STYLES, type ChecklistFilter } from "./checklist";

export function ClauseChecklist({ entries, documents }: { entries: ChecklistEntryDto[]; documents: string[] }) {
  const [filter, setFilter] = useState<ChecklistFilter>("handlungsbedarf");
  const [group, setGroup] = useState("");
  const [query, setQuery] = useState("");
  const groups = useMemo(() => [...new Set(entries.map((e) => e.group))].sort((a, b) => a.localeCompare(b, "de")), [entries]);
  const shown = useMemo(() => filterChecklist(entries, filter, group, query), [entries, filter, group, query]);
  const counts = useMemo(() => checklistCounts(entries), [entries]);
  const read = ["Vorbemerkungen des LV", ...documents].join(", ");
  return (
    <Card data-testid="clause-checklist">
      <CardHeader>
        <CardTitle className="text-base">Vertragsklauseln – Checkliste</CardTitle>
        <CardDescription>
          {counts.types} Klauselarten geprüft, {counts.regulated} davon geregelt: {counts.kritisch} kritisch, {counts.prüfen} zu prüfen.
          Gelesen: {read}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Nach Bewertung filtern">
          {CHECKLIST_FILTERS.map((f) => (
            <button
              key={f.value}
              type="button"
              aria-pressed={filter === f.value}
              onClick={() => setFilter(f.value)}
              className={cn(
                "rounded-full border px-3 py-1 text-xs font-medium",
                filter === f.value
                  ? "border-brand-600 bg-brand-600 text-white"
                  : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
              )}
            >
              {f.label}
            </button>
          ))}
          <NativeSelect aria-label="Themenbereich" className="h-8 w-auto text-xs" value={group} onChange={(e) => setGroup(e.target.value)}>
            <option value="">Alle Themen</option>
            {groups.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </NativeSelect>
          <SearchInput value={query} onChange={setQuery} placeholder="Klausel suchen" label="Klauseln durchsuchen" className="w-56" />
        </div>
        {shown.length === 0 ? (
          <p className="text-sm text-slate-500">
            {filter === "handlungsbedarf" && !query && !group
              ? "Keine Klausel braucht Handlungsbedarf – alle Klauselarten wurden geprüft."
              : "Keine Klausel passt zum Filter."}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100" data-testid="clause-checklist-entries">
            {shown.map((e, i) => (
              <li key={`${e.type}-${i}`} className="space-y-1 py-3 text-sm" data-testid="clause-entry">
                <p className="flex flex-wrap items-center gap-2">
                  <Badge className={VERDICT_STYLES[e.verdict].className}>{VERDICT_STYLES[e.verdict].label}</Badge>
                  <span className="font-semibold text-slate-900">{e.name}</span>
                  {e.status === "nicht geregelt" ? (
                    <Badge className="border-slate-200 bg-slate-50 text-slate-600">nicht geregelt</Badge>
                  ) : null}
                  {e.source === "model" ? (
                    <Badge className="border-violet-200 bg-violet-50 text-violet-700" title="Von der KI-Prüfung ergänzt – fachlich prüfen">
                      KI-Hinweis
                    </Badge>
                  ) : null}
                  <span className="text-xs text-slate-500">{e.group}</span>
                </p>
                <p className="text-slate-700">{e.why}</p>
                {e.quote ? (
                  <blockquote className="border-l-2 border-slate-300 pl-2 text-xs italic text-slate-700">
                    „{e.quote}“
                    <span className="not-italic text-slate-500">
                      {" "}
                      – {e.document}
                      {e.location ? `, ${e.location}` : ""}
                    </span>
                  </blockquote>
                ) : null}
                {e.figures ? <p className="text-xs text-slate-600">Gelesen: {e.figures}</p> : null}
                <p className="text-xs text-slate-500">Maßstab: {e.yardstick}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
