// The super admin's set-up checklist (issue 27) in place of the customers' quick start: each step
// ticks itself off from GET /api/setup-status; once all are done the quick start returns.
import { useQuery } from "@tanstack/react-query";
import { CheckCircle2, Circle } from "lucide-react";
import { SETUP_STEPS, type SetupStatus } from "../../common/setup-status";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { cn } from "../lib/utils";

export const useSetupStatus = (enabled: boolean) => useQuery<SetupStatus>({ queryKey: ["/api/setup-status"], enabled });

export function SetupChecklist({ status }: { status: SetupStatus }) {
  const done = SETUP_STEPS.filter((s) => status[s.id]).length;
  return (
    <Card className="lg:col-span-2" data-testid="setup-checklist">
      <CardHeader>
        <CardTitle>Einrichtung</CardTitle>
        <CardDescription>
          {done} von {SETUP_STEPS.length} Schritten erledigt
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3">
          {SETUP_STEPS.map((step) => {
            const ok = status[step.id];
            return (
              <li key={step.id} className="flex gap-3" data-testid={`setup-${step.id}`} data-done={ok ? "true" : "false"}>
                {ok ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden />
                )}
                <div>
                  <p className={cn("text-sm font-semibold", ok ? "text-slate-600 line-through decoration-slate-400" : "text-slate-900")}>
                    {step.title}
                    <span className="sr-only">{ok ? " (erledigt)" : " (offen)"}</span>
                  </p>
                  {ok ? null : <p className="text-sm text-slate-600">{step.text}</p>}
                </div>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
