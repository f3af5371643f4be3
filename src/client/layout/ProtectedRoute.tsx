// Checks the session before any protected page; signed-out visitors go to /auth and the page
// they wanted is remembered for after login.
import { useEffect, type ReactNode } from "react";
import { Navigate, useLocation } from "react-router";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { useCurrentUser } from "../hooks/use-current-user";
import { clearSession, storeRedirect } from "../lib/session";
import { MFA_ENROLMENT_PATH } from "../lib/api";

export function AuthErrorScreen() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-xl font-semibold text-slate-900">Fehler bei der Authentifizierung</h1>
      <p className="max-w-md text-sm text-slate-600">Ihre Anmeldedaten konnten nicht geladen werden. Bitte melden Sie sich erneut an.</p>
      <Button
        onClick={() => {
          clearSession();
          window.location.assign("/auth");
        }}
      >
        Zurück zur Anmeldung
      </Button>
    </div>
  );
}

/** `signedOut`: what a visitor without a session sees instead of the redirect to /auth. */
export function ProtectedRoute({ children, signedOut }: { children: ReactNode; signedOut?: ReactNode }) {
  const { data: user, isPending, isError } = useCurrentUser();
  const location = useLocation();
  const target = location.pathname + location.search;

  useEffect(() => {
    if (!isPending && !isError && !user && !signedOut) storeRedirect(target);
  }, [isPending, isError, user, target, signedOut]);

  if (isPending) return <Spinner label="Überprüfe Anmeldestatus..." />;
  if (isError) return <AuthErrorScreen />;
  if (!user && signedOut) return <>{signedOut}</>;
  if (!user) return <Navigate to="/auth" replace state={{ from: target }} />;
  // A required second factor is missing: only Einstellungen → Konto (issue 14).
  if (user.mfaSetupRequired && !location.pathname.startsWith("/dashboard/settings")) return <Navigate to={MFA_ENROLMENT_PATH} replace />;
  return <>{children}</>;
}
