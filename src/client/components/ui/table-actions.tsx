import type { ReactNode } from "react";
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
