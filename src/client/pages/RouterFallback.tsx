// The dashboard router's fallback screen for a path under /dashboard that no route knows: the
// spec's texts ('404 Page Not Found', 'Did you forget to add the page to the router?',
// requirements 1.2) with a German explanation and the way back into the dashboard.
import { Link } from "react-router";
import { AlertCircle, ArrowLeft } from "lucide-react";
import { buttonVariants } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { usePageTitle } from "../hooks/use-page-title";

export default function RouterFallback() {
  usePageTitle("Seite nicht gefunden");
  return (
    <div className="flex min-h-[60vh] items-center justify-center" data-testid="router-fallback">
      <Card className="w-full max-w-md">
        <CardContent className="space-y-3 pt-6">
          <div className="flex items-center gap-2">
            <AlertCircle className="size-8 shrink-0 text-red-500" aria-hidden />
            <h1 className="text-2xl font-bold text-slate-900" lang="en">
              404 Page Not Found
            </h1>
          </div>
          <p className="text-sm text-slate-500" lang="en">
            Did you forget to add the page to the router?
          </p>
          <p className="text-sm text-slate-700">
            Diese Seite gibt es im Dashboard nicht. Wählen Sie einen Bereich im Menü oder kehren Sie zur Übersicht zurück.
          </p>
          <Link to="/dashboard" className={buttonVariants({ variant: "outline" })}>
            <ArrowLeft /> Zum Dashboard
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
