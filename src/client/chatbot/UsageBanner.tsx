// The usage banner of the chat screens: this month's requests against the company's limit.
import { AlertTriangle, Ban, Infinity as InfinityIcon, ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "../components/ui/skeleton";
import { cn } from "../lib/utils";
import { paidRequestsHint } from "./chat-texts";
import type { ChatbotAccess } from "./use-chatbot-access";

function Banner({ tone, icon, children }: { tone: "info" | "warn" | "blocked"; icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role="status"
      data-testid="usage-banner"
      className={cn(
        "flex items-start gap-3 rounded-lg border px-4 py-3 text-sm",
        tone === "info" && "border-brand-100 bg-brand-50 text-brand-900",
        tone === "warn" && "border-amber-200 bg-amber-50 text-amber-900",
        tone === "blocked" && "border-red-200 bg-red-50 text-red-800",
      )}
    >
      <span className="mt-0.5 shrink-0 [&_svg]:size-4">{icon}</span>
      <div className="min-w-0 flex-1 space-y-2">{children}</div>
    </div>
  );
}

export function UsageBanner({ access }: { access: ChatbotAccess }) {
  const { usage, blockedReason } = access;
  if (access.staff) {
    return (
      <Banner tone="info" icon={<ShieldCheck />}>
        <p>Als Systemadministrator ohne Unternehmen nutzen Sie die Chatbots ohne Kontingent; Ihre Anfragen werden nicht abgerechnet.</p>
      </Banner>
    );
  }
  if (blockedReason) {
    return (
      <Banner tone="blocked" icon={<Ban />}>
        <p>{blockedReason}</p>
      </Banner>
    );
  }
  if (access.isLoading) return <Skeleton className="h-12 w-full" />;
  if (!usage) {
    return (
      <Banner tone="warn" icon={<AlertTriangle />}>
        <p>Die Nutzung Ihres Unternehmens konnte nicht geladen werden.</p>
      </Banner>
    );
  }
  if (usage.limit < 0) {
    return (
      <Banner tone="info" icon={<InfinityIcon />}>
        <p>
          Unbegrenzte Anfragen – in diesem Monat bisher <strong className="tabular-nums">{usage.currentCount}</strong>{" "}
          {usage.currentCount === 1 ? "Anfrage" : "Anfragen"}.
        </p>
      </Banner>
    );
  }
  const used = Math.min(usage.currentCount, usage.limit);
  const exhausted = usage.currentCount >= usage.limit;
  const paid = Math.max(0, usage.currentCount - usage.limit);
  return (
    <Banner tone={exhausted ? "warn" : "info"} icon={exhausted ? <AlertTriangle /> : <ShieldCheck />}>
      <p>
        <strong className="tabular-nums">
          {used} von {usage.limit}
        </strong>{" "}
        kostenlosen Anfragen in diesem Monat genutzt
        {paid > 0 ? (
          <>
            {" "}
            · <span className="tabular-nums">{paid}</span> kostenpflichtige {paid === 1 ? "Anfrage" : "Anfragen"}
          </>
        ) : null}
        .
      </p>
      <div
        role="progressbar"
        aria-label="Kontingent"
        aria-valuemin={0}
        aria-valuemax={usage.limit}
        aria-valuenow={used}
        className="h-1.5 w-full overflow-hidden rounded-full bg-white/80"
      >
        <div
          className={cn("h-full transition-all", exhausted ? "bg-amber-500" : "bg-brand-600")}
          style={{ width: `${(used / usage.limit) * 100}%` }}
        />
      </div>
      {exhausted ? <p className="font-medium">{paidRequestsHint}</p> : null}
    </Banner>
  );
}
