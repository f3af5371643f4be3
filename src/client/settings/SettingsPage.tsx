// /dashboard/settings (requirements 2.2): tabs Profil, Unternehmen (admins only) and Konto.
import { useSearchParams } from "react-router";
import { isAdminRole } from "../../common/roles";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { usePageTitle } from "../hooks/use-page-title";
import { useSessionUser } from "../layout/session-user";
import { AccountTab } from "./AccountTab";
import { CompanyTab } from "./CompanyTab";
import { ProfileTab } from "./ProfileTab";

const TABS = ["profil", "unternehmen", "konto"] as const;

export default function SettingsPage() {
  usePageTitle("Einstellungen");
  const me = useSessionUser();
  const [params, setParams] = useSearchParams();
  const showCompany = isAdminRole(me.role);
  const requested = params.get("tab");
  const tab = TABS.find((t) => t === requested && (t !== "unternehmen" || showCompany)) ?? "profil";
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
      </Tabs>
    </div>
  );
}
