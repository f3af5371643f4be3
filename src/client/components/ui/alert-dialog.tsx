import type { ReactNode } from "react";
import { AlertDialog as A } from "radix-ui";
import { buttonVariants } from "./button";
import { useReturnFocus } from "./dialog";

/** A confirmation dialog; `onConfirm` runs on the destructive button. */
export function ConfirmDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
}) {
  const focus = useReturnFocus({});
  return (
    <A.Root open={props.open} onOpenChange={props.onOpenChange}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <A.Content
          {...focus}
          className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100%-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl bg-white p-6 shadow-xl"
        >
          <A.Title className="text-lg font-semibold">{props.title}</A.Title>
          <A.Description className="text-sm text-slate-600">{props.description}</A.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel className={buttonVariants({ variant: "outline" })}>Abbrechen</A.Cancel>
            <A.Action
              className={buttonVariants({ variant: "destructive" })}
              disabled={props.pending}
              onClick={(e) => {
                e.preventDefault();
                props.onConfirm();
              }}
            >
              {props.confirmLabel ?? "Löschen"}
            </A.Action>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  );
}
