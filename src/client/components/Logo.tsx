// The brand: symbol image + lowercase name, sizes sm/md/lg, light (on dark) or dark variant.
// On / the logo scrolls smoothly to the top instead of navigating.
import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { cn } from "../lib/utils";

const SIZES = { sm: { img: "size-7", text: "text-lg" }, md: { img: "size-9", text: "text-xl" }, lg: { img: "size-12", text: "text-3xl" } } as const;

export function Logo({ size = "md", variant = "dark", className }: { size?: keyof typeof SIZES; variant?: "light" | "dark"; className?: string }) {
  const { pathname } = useLocation();
  const onClick = (e: MouseEvent) => {
    if (pathname === "/") {
      e.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  };
  return (
    <Link to="/" onClick={onClick} className={cn("inline-flex items-center gap-2 font-bold tracking-tight", className)} aria-label="bauklar – zur Startseite">
      <img src="/static/logo-symbol.svg" alt="" width={48} height={48} className={SIZES[size].img} />
      <span className={cn(SIZES[size].text, variant === "light" ? "text-white" : "text-brand-800")}>bauklar</span>
    </Link>
  );
}
