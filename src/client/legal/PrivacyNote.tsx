// The short notice beside every form that sends personal data, linking the privacy policy.
// Plain class joining (no tailwind-merge): the note sits on the landing page, whose first load
// must stay light, and callers only add classes that do not clash with these.
import { Link } from "react-router";

export function PrivacyNote({ className, text = "Wie wir Ihre Angaben verarbeiten, steht in der" }: { className?: string; text?: string }) {
  return (
    <p className={["text-xs text-slate-600", className].filter(Boolean).join(" ")} data-testid="privacy-note">
      {text}{" "}
      <Link to="/datenschutz" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
        Datenschutzerklärung
      </Link>
      .
    </p>
  );
}
