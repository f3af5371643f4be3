// Where a knowledge-base article comes from, as the super admin sees it: shipped with the product
// (Markdown file under knowledge/, with version and review), shipped but changed in the editor —
// then new releases leave it alone — or written in the editor. The shape is the response schema's
// (knowledgeOriginSchema in src/common/schemas/responses.ts).
import type { KnowledgeOrigin, KnowledgeOriginDetail } from "../../common/types";
import { formatDate } from "../../common/format";
import { Badge } from "../components/ui/badge";

const reviewed = (s: NonNullable<KnowledgeOrigin["shipped"]>) =>
  `Version ${s.version} · geprüft am ${formatDate(s.reviewedOn)} von ${s.reviewedBy}`;

/** One badge for the list: ausgeliefert, geändert or eigener Artikel. */
export function OriginBadge({ origin }: { origin?: KnowledgeOrigin }) {
  if (!origin) return null;
  if (origin.status === "custom") return <Badge className="border-slate-200 bg-slate-50 font-normal text-slate-700">Eigener Artikel</Badge>;
  if (origin.status === "edited")
    return (
      <Badge
        className="border-amber-200 bg-amber-50 font-normal text-amber-900"
        title={origin.shipped ? `Ausgeliefert: ${reviewed(origin.shipped)}` : undefined}
      >
        Im Editor geändert
      </Badge>
    );
  return (
    <Badge
      className="border-emerald-200 bg-emerald-50 font-normal text-emerald-800"
      title={origin.shipped ? `${origin.shipped.file}` : undefined}
    >
      Ausgeliefert{origin.shipped ? ` · ${reviewed(origin.shipped)}` : ""}
    </Badge>
  );
}

/** The note above the form: what the article is, and for a changed one the way back. */
export function OriginNote({ origin, onLoadShipped }: { origin?: KnowledgeOriginDetail; onLoadShipped: () => void }) {
  if (!origin || origin.status === "custom") return null;
  const s = origin.shipped;
  if (origin.status === "shipped")
    return (
      <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" data-testid="kb-origin">
        Ausgelieferter Artikel{s ? ` (${reviewed(s)}, Datei knowledge/${s.file})` : ""}. Neue Versionen werden beim Start übernommen,
        solange Sie ihn hier nicht ändern.
      </p>
    );
  return (
    <div className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="kb-origin">
      <p>
        Im Editor geändert{origin.baseVersion ? ` (auf Grundlage von Version ${origin.baseVersion})` : ""}. Diese Fassung bleibt, neue
        ausgelieferte Versionen werden nicht übernommen.
        {s
          ? ` Ausgeliefert ist ${reviewed(s)}${origin.baseVersion && s.version > origin.baseVersion ? " – neuer als Ihre Grundlage" : ""}.`
          : " Der Artikel wird nicht mehr ausgeliefert."}
      </p>
      {origin.shippedArticle ? (
        <button type="button" className="font-medium text-amber-900 underline underline-offset-2" onClick={onLoadShipped}>
          Ausgelieferte Fassung ins Formular laden
        </button>
      ) : null}
      {origin.shippedArticle ? (
        <p className="text-xs">Speichern Sie die ausgelieferte Fassung unverändert, gilt der Artikel wieder als ausgeliefert.</p>
      ) : null}
    </div>
  );
}
