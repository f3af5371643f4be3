// Frame of the legal pages: public header and footer, a readable text column, and a button
// back to the top at the end (besides the floating one).
import type { ReactNode } from "react";
import { ArrowUp } from "lucide-react";
import { PublicLayout } from "../site/PublicLayout";
import { scrollToTop } from "../site/ScrollToTop";
import { siteConfig } from "../site/site-config";
import { buttonClass } from "../site/ui";

export function LegalPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <PublicLayout>
      <article className="mx-auto w-full max-w-3xl px-4 pb-20 pt-28 sm:px-6 sm:pt-32">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {intro ? <div className="mt-3 text-slate-500">{intro}</div> : null}
        {/* Filled in by the server: empty (and hidden) once the operator is configured. */}
        <p
          role="note"
          data-testid="operator-sample-notice"
          className="mt-6 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 empty:hidden"
        >
          {siteConfig().operator.notice}
        </p>
        <div className="legal mt-10 space-y-10 text-[15px] leading-relaxed text-slate-700">{children}</div>
        <div className="mt-14 border-t border-slate-200 pt-6">
          <button type="button" onClick={scrollToTop} className={buttonClass("outline", "md")}>
            <ArrowUp className="size-4" aria-hidden /> Nach oben
          </button>
        </div>
      </article>
    </PublicLayout>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}
