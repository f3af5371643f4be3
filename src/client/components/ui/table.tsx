import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from "react";
import { cn } from "../../lib/utils";

/**
 * `stack`: below 768 px every row becomes a card (styles.css), each cell labelled with its
 * column (TD `label`), the `primary` cell as the card's title; wider screens keep the table and
 * scroll it sideways when it does not fit.
 */
export const Table = ({ className, stack = false, ...p }: HTMLAttributes<HTMLTableElement> & { stack?: boolean }) => (
  <div className="w-full overflow-x-auto">
    <table data-stack={stack ? "" : undefined} className={cn("w-full caption-bottom text-sm", className)} {...p} />
  </div>
);
export const THead = (p: HTMLAttributes<HTMLTableSectionElement>) => <thead className="border-b border-slate-200 bg-slate-50" {...p} />;
export const TBody = (p: HTMLAttributes<HTMLTableSectionElement>) => <tbody className="divide-y divide-slate-200" {...p} />;
export const TR = ({ className, ...p }: HTMLAttributes<HTMLTableRowElement>) => (
  <tr className={cn("hover:bg-slate-50/60", className)} {...p} />
);
export const TH = ({ className, ...p }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th className={cn("h-10 px-3 text-left align-middle text-xs font-semibold uppercase tracking-wide text-slate-500", className)} {...p} />
);
export const TD = ({ className, label, primary, ...p }: TdHTMLAttributes<HTMLTableCellElement> & { label?: string; primary?: boolean }) => (
  <td data-label={label} data-primary={primary ? "" : undefined} className={cn("px-3 py-2.5 align-middle", className)} {...p} />
);
