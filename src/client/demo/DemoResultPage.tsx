// /projects/1/result for visitors without an account (a shared link to the demo project's result;
// the embedded demo shows each project's analysis itself): the sample evaluation — bundled with
// this page (loaded only when it is opened, no login, no API call) and shown in the same sandboxed
// frame as a real evaluation — with the ways to get access: a package request (#pricing), the
// contact form, or the login.
import { Link } from "react-router";
import { ArrowRight, Info, LogIn, Mail } from "lucide-react";
import evaluationHtml from "../../../assets/demo/demo-evaluation.html?raw";
import { Logo } from "../components/Logo";
import { usePageTitle } from "../hooks/use-page-title";
import { buttonClass } from "../site/ui";

export const DEMO_EVALUATION_TITLE = "Demo-Projekt: Neubau Testhalle";

export default function DemoResultPage() {
  usePageTitle(`Beispielauswertung – ${DEMO_EVALUATION_TITLE}`);
  return (
    <div className="flex h-dvh flex-col bg-slate-100" data-testid="demo-result">
      <header className="flex flex-wrap items-center gap-3 border-b border-slate-200 bg-white px-4 py-2">
        <Logo size="sm" />
        <div className="min-w-0 flex-1">
          <h1 className="text-sm font-semibold text-slate-900" data-testid="result-project-name">
            Beispielauswertung
          </h1>
          <p className="text-xs text-slate-500">{DEMO_EVALUATION_TITLE}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <a href="/#pricing" className={buttonClass("accent", "sm")} data-testid="request-access">
            Zugang anfragen <ArrowRight className="size-4" aria-hidden />
          </a>
          <a href="/#contact" className={buttonClass("outline", "sm")}>
            <Mail className="size-4" aria-hidden /> Testanalyse anfragen
          </a>
          <Link to="/auth" className={buttonClass("ghost", "sm")}>
            <LogIn className="size-4" aria-hidden /> Anmelden
          </Link>
        </div>
      </header>
      <aside aria-label="Hinweis" className="flex items-start gap-2 border-b border-brand-200 bg-brand-50 px-4 py-2 text-sm text-brand-900">
        <Info className="mt-0.5 size-4 shrink-0 text-brand-600" aria-hidden />
        <span>
          So sieht eine Auswertung in bauklar aus: eine Beispielauswertung aus der Demo. Die Plattform steht ausgewählten Unternehmen auf
          Einladung offen – fragen Sie den Zugang über ein Paket an oder lassen Sie Ihr eigenes Leistungsverzeichnis testweise analysieren.
        </span>
      </aside>
      <main className="flex flex-1 justify-center overflow-hidden p-0 sm:p-4">
        {/* sandbox="" grants nothing: no scripts, forms, popups or top navigation; opaque origin. */}
        <iframe
          srcDoc={evaluationHtml}
          sandbox=""
          referrerPolicy="no-referrer"
          title={`Beispielauswertung: ${DEMO_EVALUATION_TITLE}`}
          className="h-full w-full max-w-5xl border-0 bg-white shadow-sm sm:rounded-lg"
          data-testid="evaluation-frame"
        />
      </main>
    </div>
  );
}
