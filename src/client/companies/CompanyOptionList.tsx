// The company picker's listbox: the options in the flow under the input, the highlighted one and
// the selection marked; options of an earlier search are dimmed until the new answer is there.
import type { RefObject } from "react";
import { Check } from "lucide-react";
import { cn } from "../lib/utils";
import type { CompanyOption } from "./company-search";

export interface CompanyOptionListProps {
  id: string;
  listRef: RefObject<HTMLUListElement | null>;
  options: CompanyOption[];
  open: boolean;
  active: number;
  value: number | null;
  stale: boolean;
  optionId: (index: number) => string;
  onChoose: (option: CompanyOption) => void;
  onHighlight: (index: number) => void;
}

export function CompanyOptionList({
  id,
  listRef,
  options,
  open,
  active,
  value,
  stale,
  optionId,
  onChoose,
  onHighlight,
}: CompanyOptionListProps) {
  return (
    // In the flow, not floating: the dialogs scroll, and a floating list would be cut off.
    <ul
      ref={listRef}
      id={id}
      role="listbox"
      aria-label="Gefundene Unternehmen"
      hidden={!open || options.length === 0}
      // Keep the focus in the input, so the list does not close before a click lands.
      onMouseDown={(e) => e.preventDefault()}
      className="mt-1 max-h-60 overflow-y-auto rounded-md border border-slate-200 bg-white p-1 shadow-sm"
    >
      {options.map((o, i) => (
        <li
          key={o.id ?? "none"}
          id={optionId(i)}
          role="option"
          aria-selected={o.id === value}
          onClick={() => onChoose(o)}
          onMouseMove={() => active !== i && onHighlight(i)}
          className={cn(
            "flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm text-slate-800",
            i === active && "bg-brand-100 text-brand-900",
            o.id === null && "italic text-slate-600",
            stale && "opacity-60",
          )}
        >
          <Check aria-hidden className={cn("size-4 shrink-0", o.id === value ? "opacity-100" : "opacity-0")} />
          {o.label}
        </li>
      ))}
    </ul>
  );
}
