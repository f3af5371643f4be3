import type { ReactNode } from "react";
import { formatDateTime } from "../../../common/format";
import { cn } from "../../lib/utils";

/** dd.MM.yyyy HH:mm with the time on its own line, so date columns stay narrow in tables. */
export function DateTimeCell({ at, className, suffix }: { at: string | Date; className?: string; suffix?: ReactNode }) {
  const [date, time] = formatDateTime(at).split(" ");
  return (
    <span className={cn("whitespace-nowrap tabular-nums", className)} title={formatDateTime(at)}>
      {date}{" "}
      <span className="block text-xs text-slate-500">
        {time}
        {suffix}
      </span>
    </span>
  );
}
