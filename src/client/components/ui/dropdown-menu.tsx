import type { ComponentProps } from "react";
import { DropdownMenu as M } from "radix-ui";
import { cn } from "../../lib/utils";

export const DropdownMenu = M.Root;
export const DropdownMenuTrigger = M.Trigger;
export const DropdownMenuContent = ({ className, ...p }: ComponentProps<typeof M.Content>) => (
  <M.Portal>
    <M.Content sideOffset={4} className={cn("z-50 min-w-40 rounded-md border bg-white p-1 shadow-md", className)} {...p} />
  </M.Portal>
);
export const DropdownMenuItem = ({ className, ...p }: ComponentProps<typeof M.Item>) => (
  <M.Item className={cn("flex cursor-pointer select-none items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[highlighted]:bg-slate-100", className)} {...p} />
);
