// The short notice beside every form that sends personal data, linking the privacy policy.
import { Link } from "react-router";
import { cn } from "../lib/utils";

export function PrivacyNote({ className, text = "Wie wir Ihre Angaben verarbeiten, steht in der" }: { className?: string; text?: string }) {
  return (
    <p className={cn("text-xs text-slate-600", className)} data-testid="privacy-note">
      {text}{" "}
      <Link to="/datenschutz" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        Datenschutzerklärung
      </Link>
      .
    </p>
  );
}
