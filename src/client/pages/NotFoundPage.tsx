import { Link } from "react-router";
import { AlertCircle } from "lucide-react";
import { Card, CardContent } from "../components/ui/card";
import { usePageTitle } from "../hooks/use-page-title";

export default function NotFoundPage() {
  usePageTitle("Seite nicht gefunden");
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center bg-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="pt-6">
          <div className="mb-4 flex gap-2">
            <AlertCircle className="size-8 text-red-500" />
            <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          </div>
          <p className="text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <p className="mt-4 text-sm text-slate-600">Die angeforderte Seite existiert nicht.</p>
          <Link to="/" className="mt-4 inline-block text-sm font-medium text-brand-600 hover:underline">
            Zur Startseite
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
