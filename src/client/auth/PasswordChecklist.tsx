import { Check, X } from "lucide-react";
import { PASSWORD_RULES } from "../../common/schemas/auth";
import { cn } from "../lib/utils";

/** Live password-strength checklist: the same rules the server enforces. */
export function PasswordChecklist({ password }: { password: string }) {
  const met = PASSWORD_RULES.filter((r) => r.test(password)).length;
  return (
    <div className="space-y-2" data-testid="password-checklist">
      <div className="flex gap-1" aria-hidden>
        {PASSWORD_RULES.map((r, i) => (
          <div
            key={r.id}
            className={cn(
              "h-1.5 flex-1 rounded-full",
              i < met ? (met === PASSWORD_RULES.length ? "bg-green-500" : "bg-amber-400") : "bg-slate-200",
            )}
          />
        ))}
      </div>
      <ul className="grid grid-cols-1 gap-1 text-xs sm:grid-cols-2">
        {PASSWORD_RULES.map((r) => {
          const ok = r.test(password);
          return (
            <li key={r.id} className={cn("flex items-center gap-1.5", ok ? "text-green-700" : "text-slate-500")}>
              {ok ? <Check className="size-3.5" aria-label="erfüllt" /> : <X className="size-3.5" aria-label="nicht erfüllt" />}
              {r.label}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
