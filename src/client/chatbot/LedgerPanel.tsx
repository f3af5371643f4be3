// Billing view of the chatbot requests: free and paid requests (0.27 EUR each) per company and
// Berlin month, from the request ledger.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { berlinMonth } from "../../common/berlin-month";
import { formatEuro } from "../../common/format";
import type { ChatbotLedgerRowDto, CompanyDto } from "../../common/types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Label } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { Skeleton } from "../components/ui/skeleton";
import { TBody, TD, TH, THead, TR, Table } from "../components/ui/table";

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString("de-DE", { month: "long", year: "numeric", timeZone: "Europe/Berlin" });

export function LedgerPanel() {
  const [month, setMonth] = useState(berlinMonth());
  const [companyId, setCompanyId] = useState("");
  const { data: companies } = useQuery<CompanyDto[]>({ queryKey: ["/api/companies"] });
  const params = new URLSearchParams();
  if (month) params.set("month", month);
  if (companyId) params.set("companyId", companyId);
  const query = params.toString();
  const { data, isLoading, isError } = useQuery<ChatbotLedgerRowDto[]>({ queryKey: [`/api/chatbot/ledger${query ? `?${query}` : ""}`], staleTime: 0 });
  const total = (data ?? []).reduce((s, r) => ({ free: s.free + r.freeCount, paid: s.paid + r.paidCount, cents: s.cents + r.amountCents }), { free: 0, paid: 0, cents: 0 });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Receipt className="size-5 text-brand-600" /> Abrechnung der Chatbot-Anfragen
        </CardTitle>
        <CardDescription>Kostenlose und kostenpflichtige Anfragen (0,27 € je Anfrage über dem Kontingent) je Unternehmen und Kalendermonat.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="ledger-month">Monat</Label>
            <Input id="ledger-month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="ledger-company">Unternehmen</Label>
            <NativeSelect id="ledger-company" value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
              <option value="">Alle Unternehmen</option>
              {companies?.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            Die Abrechnung konnte nicht geladen werden.
          </p>
        ) : !data?.length ? (
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
                <TR key={`${r.companyId}-${r.month}`}>
                  <TD className="font-medium">{r.companyName}</TD>
                  <TD>{monthLabel(r.month)}</TD>
                  <TD className="text-right tabular-nums">{r.freeCount}</TD>
                  <TD className="text-right tabular-nums">{r.paidCount}</TD>
                  <TD className="text-right tabular-nums">{formatEuro(r.amountCents / 100)}</TD>
                </TR>
              ))}
              {data.length > 1 ? (
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
      </CardContent>
    </Card>
  );
}
