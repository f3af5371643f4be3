import { useRef, type ComponentProps, type HTMLAttributes } from "react";
import { Dialog as D } from "radix-ui";
import { X } from "lucide-react";
import { cn } from "../../lib/utils";

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

/**
 * Radix returns focus on close only to a <DialogTrigger>; our dialogs are mostly opened by plain
 * buttons (open state in the page), so the element focused when the dialog opened gets it back.
 */
export function useReturnFocus<E extends Event>(handlers: { onOpenAutoFocus?: (e: E) => void; onCloseAutoFocus?: (e: E) => void }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (e: E) => {
      opener.current =
        document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(e);
    },
    onCloseAutoFocus: (e: E) => {
      handlers.onCloseAutoFocus?.(e);
      if (e.defaultPrevented || !opener.current?.isConnected) return;
      e.preventDefault();
      opener.current.focus();
    },
  };
}

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ComponentProps<typeof D.Content>) {
  const focus = useReturnFocus({ onOpenAutoFocus, onCloseAutoFocus });
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
      <D.Content
        {...focus}
        className={cn(
          "fixed left-1/2 top-1/2 z-50 grid max-h-[92vh] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border bg-white p-6 shadow-xl",
          className,
        )}
        {...props}
      >
        {children}
        <D.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100" aria-label="Schließen">
          <X className="size-4" />
        </D.Close>
      </D.Content>
    </D.Portal>
  );
}

export const DialogHeader = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn("flex flex-col gap-1.5 pr-6", className)} {...p} />
);
export const DialogFooter = ({ className, ...p }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...p} />
);
export const DialogTitle = ({ className, ...p }: ComponentProps<typeof D.Title>) => (
  <D.Title className={cn("text-lg font-semibold", className)} {...p} />
);
export const DialogDescription = ({ className, ...p }: ComponentProps<typeof D.Description>) => (
  <D.Description className={cn("text-sm text-slate-500", className)} {...p} />
);
