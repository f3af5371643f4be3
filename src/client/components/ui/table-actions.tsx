import type { ReactNode } from "react";
import { Trash2 } from "lucide-react";
import { Button } from "./button";
import { TD, TH } from "./table";

// The actions column stays visible at the right edge while a wide table scrolls sideways
// (phones, narrow windows).
const sticky = "sticky right-0 shadow-[-6px_0_6px_-6px_rgba(15,23,42,0.18)] lg:shadow-none";

export const ActionsHead = () => <TH className={`${sticky} bg-slate-50 text-right`}>Aktionen</TH>;

export const ActionsCell = ({ children }: { children: ReactNode }) => (
  <TD className={`${sticky} bg-white`}>
    <div className="flex justify-end gap-1">{children}</div>
  </TD>
);

/** The red trash-can button of a table row; `label` names what it deletes (for screen readers). */
export const DeleteRowButton = ({ label, onClick, className = "" }: { label: string; onClick: () => void; className?: string }) => (
  <Button
    variant="ghost"
    size="icon"
    className={`text-red-600 hover:bg-red-50 ${className}`}
    onClick={onClick}
    title="Löschen"
    aria-label={label}
  >
    <Trash2 />
  </Button>
);
