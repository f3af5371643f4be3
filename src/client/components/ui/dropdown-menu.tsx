import { useEffect, useState, type ComponentProps } from "react";
import { DropdownMenu as M } from "radix-ui";
import { cn } from "../../lib/utils";

// Not modal: a menu button's menu (WAI-ARIA) keeps focus itself and closes on Escape/Tab; a modal
// menu would hide the rest of the page (aria-hidden) while it stays focusable.
export const DropdownMenu = (p: ComponentProps<typeof M.Root>) => <M.Root modal={false} {...p} />;
export const DropdownMenuTrigger = M.Trigger;
// The open menu is placed inside the page's <main> (not at the end of <body>), so it is part of a
// landmark like the button that opened it. Looked up after the commit: a menu rendered together
// with the shell (data already cached) would not find <main> in the DOM during its first render.
function useMainElement(): HTMLElement | undefined {
  const [main, setMain] = useState<HTMLElement | undefined>(undefined);
  useEffect(() => setMain(document.querySelector("main") ?? undefined), []);
  return main;
}
export const DropdownMenuContent = ({ className, ...p }: ComponentProps<typeof M.Content>) => (
  <M.Portal container={useMainElement()}>
    <M.Content sideOffset={4} className={cn("z-50 min-w-40 rounded-md border bg-white p-1 shadow-md", className)} {...p} />
  </M.Portal>
);
export const DropdownMenuItem = ({ className, ...p }: ComponentProps<typeof M.Item>) => (
  <M.Item
    className={cn(
      "flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100",
      className,
    )}
    {...p}
  />
);
