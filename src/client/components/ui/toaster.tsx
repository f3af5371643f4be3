// Radix Toast: one visible at a time, F8 focuses the region, swipe right (50 px) closes.
import { Toast as T } from "radix-ui";
import { X } from "lucide-react";
import { dismiss, useToasts } from "../../hooks/use-toast";
import { cn } from "../../lib/utils";

export function Toaster() {
  const toasts = useToasts();
  return (
    <T.Provider swipeDirection="right" swipeThreshold={50} duration={5000} label="Benachrichtigung">
      {toasts.map((t) => (
        <T.Root
          key={t.id}
          open={t.open}
          duration={t.duration ?? 5000}
          onOpenChange={(open) => !open && dismiss(t.id)}
          data-testid="toast"
          className={cn(
            "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition",
            t.variant === "destructive" ? "border-red-600 bg-red-600 text-white" : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <div className="grid gap-1">
            {t.title ? <T.Title className="text-sm font-semibold">{t.title}</T.Title> : null}
            {t.description ? <T.Description className="text-sm opacity-90">{t.description}</T.Description> : null}
            {t.action}
          </div>
          <T.Close aria-label="Schließen" className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100">
            <X className="size-4" />
          </T.Close>
        </T.Root>
      ))}
      <T.Viewport
        hotkey={["F8"]}
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col-reverse gap-2 p-4 md:max-w-[420px]"
      />
    </T.Provider>
  );
}
