import type { ReactNode } from "react";
import { Skeleton } from "./skeleton";
import { TD, TR } from "./table";

/** Placeholder rows while a table loads (requirements part 2: 5 skeleton rows). */
export function SkeletonRows({ columns, rows = 5, testId }: { columns: number; rows?: number; testId?: string }) {
  return (
    <>
      {Array.from({ length: rows }, (_, i) => (
        <TR key={i} data-testid={testId}>
          <TD colSpan={columns}>
            <Skeleton className="h-8 w-full" />
          </TD>
        </TR>
      ))}
    </>
  );
}

/** One full-width row for an empty list or a load error. */
export function MessageRow({ columns, children, tone = "muted" }: { columns: number; children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <TR>
      <TD colSpan={columns} className={tone === "error" ? "py-10 text-center text-red-600" : "py-10 text-center text-slate-500"}>
        {children}
      </TD>
    </TR>
  );
}
