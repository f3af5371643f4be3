import type { HTMLAttributes } from "react";
import { cn } from "../../lib/utils";

type Div = HTMLAttributes<HTMLDivElement>;
export const Card = ({ className, ...p }: Div) => (
  <div className={cn("rounded-xl border border-slate-200 bg-white shadow-sm", className)} {...p} />
);
export const CardHeader = ({ className, ...p }: Div) => <div className={cn("flex flex-col gap-1.5 p-6", className)} {...p} />;
export const CardTitle = ({ className, ...p }: HTMLAttributes<HTMLHeadingElement>) => (
  <h2 className={cn("text-lg font-semibold leading-tight", className)} {...p} />
);
export const CardDescription = ({ className, ...p }: HTMLAttributes<HTMLParagraphElement>) => (
  <p className={cn("text-sm text-slate-500", className)} {...p} />
);
export const CardContent = ({ className, ...p }: Div) => <div className={cn("p-6 pt-0", className)} {...p} />;
export const CardFooter = ({ className, ...p }: Div) => <div className={cn("flex items-center p-6 pt-0", className)} {...p} />;
