// /auth: sign-in, and registration through an invitation link (requirements 1.2, 1.4, 1.5, 1.8).
import { useEffect, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Info } from "lucide-react";
import type { CurrentUser, RegistrationLinkValidation } from "../../common/types";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { usePageTitle } from "../hooks/use-page-title";
import { USER_KEY } from "../hooks/use-current-user";
import { apiRequest } from "../lib/api";
import {
  clearRedirect,
  clearSession,
  hasSessionMarker,
  isSafeTarget,
  normalizeTarget,
  storeRedirect,
  storeUser,
  storedRedirect,
} from "../lib/session";
import { LoginForm } from "./LoginForm";
import { MarketingPanel } from "./MarketingPanel";
import { RegisterForm } from "./RegisterForm";
import { LINK_CHECK_FAILED, LINK_INVALID } from "./messages";

const sleep = (ms: number) => new Promise((r) => window.setTimeout(r, ms));

type LinkState =
  | { kind: "none" }
  | { kind: "checking" }
  | { kind: "valid"; invitation: RegistrationLinkValidation }
  | { kind: "invalid"; message: string };

/** Remembers a protected page the browser came from (same host, not an auth page). */
function rememberReferrer() {
  try {
    if (!document.referrer) return;
    const ref = new URL(document.referrer);
    if (ref.host !== window.location.host || ref.pathname.startsWith("/auth")) return;
    if (ref.pathname.startsWith("/dashboard") || ref.pathname.startsWith("/projects")) storeRedirect(ref.pathname + ref.search);
  } catch {
    /* an unparsable referrer is ignored */
  }
}

const redirectTarget = () => {
  const t = storedRedirect();
  return isSafeTarget(t) ? normalizeTarget(t) : "/dashboard/";
};

export default function AuthPage() {
  usePageTitle("Anmelden");
  const [params] = useSearchParams();
  const token = params.get("token");
  const location = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [checkingSession, setCheckingSession] = useState(() => typeof window !== "undefined" && hasSessionMarker());
  const [link, setLink] = useState<LinkState>(token ? { kind: "checking" } : { kind: "none" });
  const [tab, setTab] = useState(token ? "register" : "login");
  const cameForProtectedPage = Boolean((location.state as { from?: string } | null)?.from) || storedRedirect() !== null;

  const goToTarget = (user: CurrentUser) => {
    qc.setQueryData(USER_KEY, user);
    const target = redirectTarget();
    clearRedirect();
    void navigate(target, { replace: true });
  };

  // 1. An existing session marker: ask the server; on success go on, else show the form.
  useEffect(() => {
    rememberReferrer();
    if (!hasSessionMarker()) return;
    let cancelled = false;
    apiRequest<CurrentUser>("GET", "/api/user", undefined, { cache: "no-store" })
      .then((u) => !cancelled && goToTarget(u))
      .catch(() => {
        if (!cancelled) {
          clearSession();
          setCheckingSession(false);
        }
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // 5. A token in the URL is validated; a valid one opens the register tab.
  useEffect(() => {
    if (!token) return;
    fetch(`/api/registration-links/${encodeURIComponent(token)}/validate`, { credentials: "include" })
      .then(async (res) => {
        if (res.status === 404) return setLink({ kind: "invalid", message: LINK_INVALID });
        if (!res.ok) return setLink({ kind: "invalid", message: LINK_CHECK_FAILED });
        const data = (await res.json()) as RegistrationLinkValidation;
        setLink(data.valid ? { kind: "valid", invitation: data } : { kind: "invalid", message: LINK_INVALID });
      })
      .catch(() => setLink({ kind: "invalid", message: LINK_CHECK_FAILED }));
  }, [token]);

  // 3. Login: store the user, re-check the session after 300 ms, redirect after another 300 ms.
  const onLogin = async (user: CurrentUser) => {
    storeUser(user);
    await sleep(300);
    const confirmed = await apiRequest<CurrentUser>("GET", "/api/user", undefined, { cache: "no-store" }).catch(() => user);
    await sleep(300);
    goToTarget(confirmed);
  };

  // 4. Registration: store the user and go to the dashboard after 300 ms.
  const onRegister = async (user: CurrentUser) => {
    storeUser(user);
    clearRedirect();
    await sleep(300);
    qc.setQueryData(USER_KEY, user);
    void navigate("/dashboard/", { replace: true });
  };

  const backToStart = () => {
    clearSession();
    void navigate("/");
  };

  if (checkingSession) return <Spinner label="Überprüfe Anmeldestatus..." />;

  return (
    <main className="grid min-h-screen lg:grid-cols-2">
      <div className="flex flex-col items-center justify-center bg-slate-50 p-4 sm:p-8">
        <div className="w-full max-w-md space-y-4">
          <Button variant="ghost" onClick={backToStart} className="-ml-2">
            <ArrowLeft /> Zurück zur Startseite
          </Button>
          {cameForProtectedPage ? (
            <div className="flex gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" role="status">
              <Info className="mt-0.5 size-4 shrink-0" />
              Bitte melden Sie sich an, um fortzufahren. Nach der Anmeldung werden Sie zur angeforderten Seite weitergeleitet.
            </div>
          ) : null}
          <Card>
            <CardHeader>
              <h1 className="text-lg font-semibold leading-tight">Willkommen bei bauklar</h1>
              <CardDescription>Melden Sie sich an oder schließen Sie Ihre Registrierung ab.</CardDescription>
            </CardHeader>
            <CardContent>
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList className="w-full">
                  <TabsTrigger value="login">Anmelden</TabsTrigger>
                  {token ? <TabsTrigger value="register">Registrieren</TabsTrigger> : null}
                </TabsList>
                <TabsContent value="login">
                  <LoginForm onSuccess={onLogin} />
                </TabsContent>
                {token ? (
                  <TabsContent value="register">
                    {link.kind === "checking" ? <Spinner label="Einladungslink wird geprüft..." /> : null}
                    {link.kind === "valid" ? <RegisterForm token={token} invitation={link.invitation} onSuccess={onRegister} /> : null}
                    {link.kind === "invalid" ? (
                      <div className="space-y-4 text-center">
                        <h2 className="font-semibold">Kein gültiger Einladungslink</h2>
                        <p role="alert" className="text-sm text-slate-600">
                          {link.message}
                        </p>
                        <Button variant="outline" onClick={() => setTab("login")}>
                          Zur Anmeldung
                        </Button>
                      </div>
                    ) : null}
                  </TabsContent>
                ) : null}
              </Tabs>
            </CardContent>
          </Card>
        </div>
      </div>
      <div className="hidden lg:block">
        <MarketingPanel />
      </div>
    </main>
  );
}
