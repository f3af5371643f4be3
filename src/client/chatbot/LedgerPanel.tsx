// Billing view of the chatbot requests: free and paid requests (0.27 EUR each) per company and
// Berlin month, from the request ledger, read page by page (GET /api/chatbot/ledger with the
// month filter and the company search sent as q).
import { useState } from "react";
import { Receipt } from "lucide-react";
import { berlinMonth } from "../../common/berlin-month";
import { formatEuro } from "../../common/format";
import type { ChatbotLedgerRowDto } from "../../common/types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { Skeleton } from "../components/ui/skeleton";
import { TBody, TD, TH, THead, TR, Table } from "../components/ui/table";
import { LoadMore } from "../components/ui/load-more";
import { usePagedList } from "../lib/use-paged-list";

export const LEDGER_PAGE_SIZE = 50;
/** One row per company and month. */
const ledgerRowKey = (r: ChatbotLedgerRowDto) => `${r.companyId}-${r.month}`;

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString("de-DE", { month: "long", year: "numeric", timeZone: "Europe/Berlin" });

export function LedgerPanel() {
  const [month, setMonth] = useState(berlinMonth());
  const [company, setCompany] = useState("");
  const list = usePagedList<ChatbotLedgerRowDto>({
    path: "/api/chatbot/ledger",
    pageSize: LEDGER_PAGE_SIZE,
    search: company,
    filters: { month },
    rowKey: ledgerRowKey,
    staleTime: 0,
  });
  const { rows: data, isPending: isLoading, isError } = list;
  // The sum is only shown over the whole result, i.e. once every page is loaded.
  const complete = list.total !== undefined && data.length >= list.total;
  const total = data.reduce((s, r) => ({ free: s.free + r.freeCount, paid: s.paid + r.paidCount, cents: s.cents + r.amountCents }), {
    free: 0,
    paid: 0,
    cents: 0,
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-brand-600" /> Abrechnung der Chatbot-Anfragen
        </CardTitle>
        <CardDescription>
          Kostenlose und kostenpflichtige Anfragen (0,27 € je Anfrage über dem Kontingent) je Unternehmen und Kalendermonat.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="ledger-month">Monat</Label>
            <Input id="ledger-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ledger-company">Unternehmen</Label>
            <Input
              id="ledger-company"
              type="search"
              placeholder="Alle Unternehmen"
              value={company}
              onChange={(e) => setCompany(e.target.value)}
            />
          </div>
        </div>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            Die Abrechnung konnte nicht geladen werden.
          </p>
        ) : !data.length ? (
          <p className="py-6 text-center text-sm text-slate-500">Keine Chatbot-Anfragen in diesem Zeitraum.</p>
        ) : (
          <Table>
            <THead>
              <TR>
                <TH>Unternehmen</TH>
                <TH>Monat</TH>
                <TH className="text-right">Kostenlos</TH>
                <TH className="text-right">Kostenpflichtig</TH>
                <TH className="text-right">Betrag</TH>
              </TR>
            </THead>
            <TBody>
              {data.map((r) => (
                <TR key={ledgerRowKey(r)} data-testid="ledger-row">
                  <TD className="font-medium">{r.companyName}</TD>
                  <TD>{monthLabel(r.month)}</TD>
                  <TD className="text-right tabular-nums">{r.freeCount}</TD>
                  <TD className="text-right tabular-nums">{r.paidCount}</TD>
                  <TD className="text-right tabular-nums">{formatEuro(r.amountCents / 100)}</TD>
                </TR>
              ))}
              {data.length > 1 && complete ? (
                <TR className="bg-slate-50 font-semibold">
                  <TD colSpan={2}>Summe</TD>
                  <TD className="text-right tabular-nums">{total.free}</TD>
                  <TD className="text-right tabular-nums">{total.paid}</TD>
                  <TD className="text-right tabular-nums">{formatEuro(total.cents / 100)}</TD>
                </TR>
              ) : null}
            </TBody>
          </Table>
        )}
        {!isLoading && !isError ? (
          <LoadMore shown={data.length} list={list} noun={["Zeile", "Zeilen"]} label="Weitere Zeilen laden" />
        ) : null}
      </CardContent>
    </Card>
  );
}
