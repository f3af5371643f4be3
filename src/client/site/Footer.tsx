// The public footer: brand, the landing sections, legal pages and the way to the expert team.
import { Link, useLocation } from "react-router";
import { Clock, Mail, Phone } from "lucide-react";
import { Logo } from "../components/Logo";
import { SECTION_LINKS } from "./nav-links";
import { siteConfig } from "./site-config";
import { containerClass } from "./ui";

export const OPENING_HOURS_TEXT = "Mo–Fr 09:00–18:00 Uhr";

const footLink = "text-sm text-slate-300 transition-colors hover:text-white";

export function Footer() {
  const { pathname } = useLocation();
  // On / the sections are in-page anchors; elsewhere a full load of the pre-rendered start page.
  const section = (id: string) => (pathname === "/" ? `#${id}` : `/#${id}`);
  const { operator } = siteConfig();
  return (
    <footer className="bg-brand-900 text-white" data-testid="site-footer">
      <div className={`${containerClass} grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4`}>
        <div className="space-y-4">
          <Logo size="md" variant="light" />
          <p className="text-sm text-slate-300">
            KI-gestützte Analyse von Leistungsverzeichnissen für Bauunternehmen im Hochbau – Auswertung innerhalb von 48 Stunden nach
            Auftragsbestätigung.
          </p>
        </div>
        <nav aria-label="Plattform" className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-accent-400">Plattform</h2>
          <ul className="space-y-2">
            {SECTION_LINKS.filter((l) => l.id !== "home").map((l) => (
              <li key={l.id}>
                <a href={section(l.id)} className={footLink}>
                  {l.label}
                </a>
              </li>
            ))}
            <li>
              <Link to="/auth" className={footLink}>
                Anmelden
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Rechtliches" className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-accent-400">Rechtliches</h2>
          <ul className="space-y-2">
            <li>
              <Link to="/impressum" className={footLink}>
                Impressum
              </Link>
            </li>
            <li>
              <Link to="/agb" className={footLink}>
                AGB
              </Link>
            </li>
            <li>
              <Link to="/datenschutz" className={footLink}>
                Datenschutz
              </Link>
            </li>
          </ul>
        </nav>
        <div className="space-y-3">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-accent-400">Kontakt</h2>
          <a href={section("contact")} className="inline-block text-sm font-semibold text-white underline-offset-4 hover:underline">
            Kontaktieren Sie unser Expertenteam
          </a>
          <ul className="space-y-2 text-sm text-slate-300">
            <li className="flex items-center gap-2">
              <Mail className="size-4 shrink-0 text-accent-400" aria-hidden />
              <a href={`mailto:${operator.email}`} className="hover:text-white">
                {operator.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Phone className="size-4 shrink-0 text-accent-400" aria-hidden />
              <a href={`tel:${operator.phoneHref}`} className="hover:text-white">
                {operator.phone}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Clock className="size-4 shrink-0 text-accent-400" aria-hidden />
              {OPENING_HOURS_TEXT}
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className={`${containerClass} flex flex-col gap-2 py-6 text-xs text-slate-400 sm:flex-row sm:items-center sm:justify-between`}>
          <p>
            © <span suppressHydrationWarning>{new Date().getFullYear()}</span> bauklar. Alle Preise netto zzgl. gesetzlicher Umsatzsteuer.
          </p>
          <p>Nur für Unternehmen (B2B) · Zugang ausschließlich auf Einladung</p>
        </div>
      </div>
    </footer>
  );
}
