// The not-found page of every unknown public path (the server answers it with status 404): the
// public header and footer, a full-height background and the ways back.
import { Link, useLocation } from "react-router";
import { SearchX } from "lucide-react";
import { usePageTitle } from "../hooks/use-page-title";
import { PublicLayout } from "../site/PublicLayout";
import { buttonClass } from "../site/ui";

export default function NotFoundPage() {
  usePageTitle("Seite nicht gefunden");
  const { pathname } = useLocation();
  return (
    <PublicLayout fill>
      <section className="flex min-h-dvh flex-1 items-center justify-center bg-slate-50 px-4 pb-16 pt-28" data-testid="not-found">
        <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
          <SearchX className="mx-auto size-12 text-brand-600" aria-hidden />
          <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-brand-600">Fehler 404</p>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Seite nicht gefunden</h1>
          <p className="mt-3 text-slate-600">
            Die Adresse <span className="font-mono text-sm [overflow-wrap:anywhere]">{pathname}</span> gibt es bei bauklar nicht. Vielleicht
            ist der Link veraltet oder enthält einen Tippfehler.
          </p>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/" className={buttonClass("primary", "md")}>
              Zur Startseite
            </Link>
            <Link to="/dashboard" className={buttonClass("outline", "md")}>
              Zum Dashboard
            </Link>
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
