// The brand: symbol image + lowercase name, sizes sm/md/lg, light (on dark) or dark variant.
// On / the logo scrolls smoothly to the top instead of navigating. Plain class strings (no
// tailwind-merge) keep it light enough for the landing page's first load.
import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";

const SIZES = {
  sm: { img: "size-7", text: "text-lg", px: 28 },
  md: { img: "size-9", text: "text-xl", px: 36 },
  lg: { img: "size-12", text: "text-3xl", px: 48 },
} as const;

export type LogoSize = keyof typeof SIZES;

export function Logo({
  size = "md",
  variant = "dark",
  className = "",
}: {
  size?: LogoSize;
  variant?: "light" | "dark";
  className?: string;
}) {
  const { pathname } = useLocation();
  const onClick = (e: MouseEvent) => {
    if (pathname === "/") {
      e.preventDefault();
      window.scrollTo({ top: 0, behavior: "smooth" });
    }
  };
  const s = SIZES[size];
  return (
    <Link
      to="/"
      onClick={onClick}
      data-testid="logo"
      className={`inline-flex items-center gap-2 font-bold tracking-tight ${className}`}
      aria-label="bauklar – zur Startseite"
    >
      <img src="/static/logo-symbol.svg" alt="" width={s.px} height={s.px} className={s.img} />
      <span className={`${s.text} ${variant === "light" ? "text-white" : "text-brand-800"}`}>bauklar</span>
    </Link>
  );
}
