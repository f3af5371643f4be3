// /dashboard/settings (requirements 2.2): tabs Profil, Unternehmen (admins only) and Konto;
// super admins also Betrieb (stuck and failed readings).
import { useSearchParams } from "react-router";
import { isAdminRole } from "../../common/roles";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { usePageTitle } from "../hooks/use-page-title";
import { useSessionUser } from "../layout/session-user";
import { AccountTab } from "./AccountTab";
import { CompanyTab } from "./CompanyTab";
import { ProfileTab } from "./ProfileTab";
import { ReadingsCard } from "./ReadingsCard";

const TABS = ["profil", "unternehmen", "konto", "betrieb"] as const;

export default function SettingsPage() {
  usePageTitle("Einstellungen");
  const me = useSessionUser();
  const [params, setParams] = useSearchParams();
  const showCompany = isAdminRole(me.role);
  const showOperations = me.role === "super_admin";
  const requested = params.get("tab");
  const tab = TABS.find((t) => t === requested && (t !== "unternehmen" || showCompany) && (t !== "betrieb" || showOperations)) ?? "profil";
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Einstellungen</h1>
        <p className="text-sm text-slate-600">
          {showCompany ? "Ihr Profil, Ihr Unternehmen und Ihr Zugang." : "Ihr Profil und Ihr Zugang."}
        </p>
      </div>
      <Tabs value={tab} onValueChange={(t) => setParams({ tab: t }, { replace: true })}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="profil">Profil</TabsTrigger>
          {showCompany ? <TabsTrigger value="unternehmen">Unternehmen</TabsTrigger> : null}
          <TabsTrigger value="konto">Konto</TabsTrigger>
          {showOperations ? <TabsTrigger value="betrieb">Betrieb</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="profil">
          <ProfileTab me={me} />
        </TabsContent>
        {showCompany ? (
          <TabsContent value="unternehmen">
            <CompanyTab me={me} />
          </TabsContent>
        ) : null}
        <TabsContent value="konto">
          <AccountTab me={me} />
        </TabsContent>
        {showOperations ? (
          <TabsContent value="betrieb">
            <ReadingsCard />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
