// The public header of requirements 1.2: fixed; transparent until the page is scrolled more
// than 10 px, then white with blur and shadow. On / it links to the sections, elsewhere only
// back to the start page; the Dashboard button is hidden on /agb. Below lg a toggle opens a
// panel with the same links that closes when one is chosen.
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { Menu, X } from "lucide-react";
import { Logo } from "../components/Logo";
import { SECTION_LINKS } from "./nav-links";
import { buttonClass, containerClass } from "./ui";
import { useScrolledPast } from "./use-scrolled";

export const HEADER_SCROLL_THRESHOLD = 10;

const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-brand-800";
const mobileLinkClass = "block rounded-md px-3 py-3 text-base font-medium text-slate-800 hover:bg-slate-100";

export function PublicHeader() {
  const { pathname } = useLocation();
  const onHome = pathname === "/";
  const showDashboard = pathname !== "/agb";
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD);
  const [open, setOpen] = useState(false);

  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && setOpen(false);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  const close = () => setOpen(false);
  const links = (className: string) =>
    onHome
      ? SECTION_LINKS.map((l) => (
          <a key={l.id} href={`#${l.id}`} className={className} onClick={close}>
            {l.label}
          </a>
        ))
      : [
          <Link key="home" to="/" className={className} onClick={close}>
            Startseite
          </Link>,
        ];

  const solid = scrolled || open;
  return (
    <header
      data-testid="public-header"
      data-scrolled={scrolled ? "true" : "false"}
      className={`fixed inset-x-0 top-0 z-40 transition-[background-color,box-shadow,backdrop-filter] duration-300 ${
        solid ? "bg-white/90 shadow-md backdrop-blur-md" : "bg-transparent"
      }`}
    >
      <div className={`${containerClass} flex h-16 items-center justify-between gap-4`}>
        <Logo size="sm" />
        <nav aria-label="Hauptnavigation" className="hidden items-center gap-1 lg:flex">
          {links(linkClass)}
        </nav>
        <div className="flex items-center gap-2">
          {showDashboard ? (
            <span className="hidden lg:block">
              <Link to="/dashboard" className={buttonClass("primary", "sm")} data-testid="header-dashboard">
                Dashboard
              </Link>
            </span>
          ) : null}
          <button
            type="button"
            className="inline-flex size-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? "Menü schließen" : "Menü öffnen"}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? <X className="size-6" aria-hidden /> : <Menu className="size-6" aria-hidden />}
          </button>
        </div>
      </div>
      {open ? (
        <div id="mobile-menu" data-testid="mobile-menu" className="border-t border-slate-200 bg-white shadow-lg lg:hidden">
          <nav aria-label="Mobile Navigation" className={`${containerClass} flex flex-col gap-1 py-3`}>
            {links(mobileLinkClass)}
            {showDashboard ? (
              <Link to="/dashboard" className={buttonClass("primary", "lg", "mt-2 w-full")} onClick={close}>
                Dashboard
              </Link>
            ) : null}
          </nav>
        </div>
      ) : null}
    </header>
  );
}
