import type { ComponentProps } from "react";
import { Tabs as T } from "radix-ui";
import { cn } from "../../lib/utils";

export const Tabs = T.Root;
export const TabsList = ({ className, ...p }: ComponentProps<typeof T.List>) => (
  // Wraps on narrow screens instead of pushing the last tabs past the edge.
  <T.List
    className={cn("inline-flex min-h-10 max-w-full flex-wrap items-center rounded-md bg-slate-100 p-1 text-slate-600", className)}
    {...p}
  />
);
export const TabsTrigger = ({ className, ...p }: ComponentProps<typeof T.Trigger>) => (
  <T.Trigger
    className={cn(
      "inline-flex flex-1 items-center justify-center whitespace-nowrap rounded-sm px-3 py-1.5 text-sm font-medium transition-all data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm",
      className,
    )}
    {...p}
  />
);
export const TabsContent = ({ className, ...p }: ComponentProps<typeof T.Content>) => (
  <T.Content className={cn("mt-4 rounded-sm", className)} {...p} />
);
