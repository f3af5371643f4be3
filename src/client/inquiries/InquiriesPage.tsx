// Anfragen (super admin): membership requests and contact messages from the public site,
// newest first, with date, type, package and every field (GET /api/inquiries, read page by page
// with the tab's kind as filter; the tab counters are the server's totals per kind).
import { useState, type ReactNode } from "react";
import { Inbox, MailCheck, MailX } from "lucide-react";
import { formatDateTime } from "../../common/format";
import { phoneHref } from "../../common/site-config";
import type { InquiryDto } from "../../common/types";
import { Badge } from "../components/ui/badge";
import { Card, CardContent } from "../components/ui/card";
import { Skeleton } from "../components/ui/skeleton";
import { usePageTitle } from "../hooks/use-page-title";
import { errorMessage } from "../lib/api";
import { useListTotal, usePagedList } from "../lib/use-paged-list";
import { LoadMore } from "../components/ui/load-more";
import { SearchInput } from "../components/ui/search-input";

export const INQUIRY_TYPE_LABEL: Record<InquiryDto["kind"], string> = {
  membership: "Mitgliedschaftsanfrage",
  contact: "Kontaktnachricht",
};
const KONTAKT_LABEL = { email: "E-Mail", telefon: "Telefon" } as const;

const INQUIRIES_PATH = "/api/inquiries";
export const INQUIRIES_PAGE_SIZE = 20;
/** Requests and messages are numbered separately: kind and id name one. */
const inquiryKey = (i: InquiryDto) => `${i.kind}-${i.id}`;

type Filter = "all" | InquiryDto["kind"];
const FILTERS: { value: Filter; label: string }[] = [
  { value: "all", label: "Alle" },
  { value: "membership", label: "Mitgliedschaftsanfragen" },
  { value: "contact", label: "Kontaktnachrichten" },
];

function Fields({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
          <dd className="mt-0.5 break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const mail = (address: string) => (
  <a href={`mailto:${address}`} className="text-brand-700 hover:underline">
    {address}
  </a>
);

function InquiryCard({ item }: { item: InquiryDto }) {
  return (
    <Card data-testid="inquiry" data-kind={item.kind}>
      <CardContent className="space-y-4 pt-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-sm font-semibold tabular-nums text-slate-900" data-testid="inquiry-date">
            {formatDateTime(item.createdAt)}
          </span>
          <Badge
            className={
              item.kind === "membership" ? "border-brand-200 bg-brand-50 text-brand-800" : "border-slate-200 bg-slate-50 text-slate-700"
            }
          >
            {INQUIRY_TYPE_LABEL[item.kind]}
          </Badge>
          {item.kind === "membership" ? (
            <Badge className="border-amber-200 bg-amber-50 text-amber-900" data-testid="inquiry-package">
              {item.packageName}
            </Badge>
          ) : null}
          <span className="ml-auto inline-flex items-center gap-1 text-xs text-slate-500">
            {item.mailedAt ? (
              <>
                <MailCheck className="size-4 text-emerald-600" aria-hidden /> per E-Mail gemeldet
              </>
            ) : (
              <>
                <MailX className="size-4 text-slate-400" aria-hidden /> nicht per E-Mail gemeldet
              </>
            )}
          </span>
        </div>
        {item.kind === "membership" ? (
          <Fields
            rows={[
              ["Firmenname", item.firmenname],
              ["Rechtsform", item.rechtsform],
              ["Anschrift", `${item.strasse}, ${item.plz} ${item.ort}`],
              ["Ansprechpartner", item.ansprechpartner],
              ["E-Mail", mail(item.email)],
              [
                "Telefon",
                <a key="tel" href={`tel:${phoneHref(item.telefon)}`} className="text-brand-700 hover:underline">
                  {item.telefon}
                </a>,
              ],
              ["Rechnungs-E-Mail", mail(item.rechnungsEmail)],
              ["Kontaktwunsch", KONTAKT_LABEL[item.kontaktWunsch]],
              ["Paket", item.packageName],
            ]}
          />
        ) : (
          <>
            <Fields
              rows={[
                ["Name", item.name],
                ["E-Mail", mail(item.email)],
                ["Unternehmen", item.company ?? "–"],
              ]}
            />
            <div>
              <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Nachricht</p>
              <p className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 p-3 text-sm text-slate-800">{item.message}</p>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default function InquiriesPage() {
  usePageTitle("Anfragen");
  const [filter, setFilter] = useState<Filter>("all");
  const [search, setSearch] = useState("");
  const list = usePagedList<InquiryDto>({
    path: INQUIRIES_PATH,
    pageSize: INQUIRIES_PAGE_SIZE,
    search,
    filters: { kind: filter === "all" ? undefined : filter },
    rowKey: inquiryKey,
  });
  const { rows: items, isPending, isError, error } = list;
  const { data: memberships } = useListTotal(INQUIRIES_PATH, { kind: "membership" });
  const { data: contacts } = useListTotal(INQUIRIES_PATH, { kind: "contact" });
  const totals: Record<Filter, number | undefined> = {
    all: memberships === undefined || contacts === undefined ? undefined : memberships + contacts,
    membership: memberships,
    contact: contacts,
  };

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Anfragen</h1>
        <p className="text-sm text-slate-600">Mitgliedschaftsanfragen und Kontaktnachrichten von der Website, die neuesten zuerst.</p>
      </div>
      <div role="tablist" aria-label="Art der Anfrage" className="inline-flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            role="tab"
            aria-selected={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${filter === f.value ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900"}`}
          >
            {f.label} <span className="tabular-nums text-slate-600">({totals[f.value] ?? "–"})</span>
          </button>
        ))}
      </div>
      {/* Company, contact person, e-mail and town of a request; name, e-mail and company of a message. */}
      <SearchInput value={search} onChange={setSearch} placeholder="Anfragen suchen..." label="Anfragen suchen" />
      {isPending ? (
        <div className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 w-full" />
          ))}
        </div>
      ) : isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          {errorMessage(error, "Die Anfragen konnten nicht geladen werden.")}
        </p>
      ) : items.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-12 text-center">
            <Inbox className="size-10 text-slate-300" aria-hidden />
            {list.searching ? (
              <p className="font-medium text-slate-700">Keine Anfragen gefunden</p>
            ) : (
              <>
                <p className="font-medium text-slate-700">Noch keine Anfragen eingegangen</p>
                <p className="text-sm text-slate-500">Mitgliedschaftsanfragen und Nachrichten aus dem Kontaktformular erscheinen hier.</p>
              </>
            )}
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-3" data-testid="inquiry-list" aria-busy={list.isPlaceholderData}>
          {items.map((item) => (
            <InquiryCard key={inquiryKey(item)} item={item} />
          ))}
          <LoadMore shown={items.length} list={list} noun={["Anfrage", "Anfragen"]} label="Weitere Anfragen laden" />
        </div>
      )}
    </div>
  );
}
