import { Loader2 } from "lucide-react";

export const Spinner = ({ label }: { label?: string }) => (
  <div role="status" className="flex flex-col items-center justify-center gap-3 py-12 text-slate-500">
    <Loader2 className="size-8 animate-spin text-brand-600" />
    {label ? <span className="text-sm">{label}</span> : <span className="sr-only">Wird geladen…</span>}
  </div>
);
