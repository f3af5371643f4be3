// The route table: every path of src/common/routes.ts, each page a lazily loaded module so the
// landing page never downloads dashboard code.
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Route, Routes } from "react-router";
import type { DashboardPage, OtherPage, PublicPage } from "../common/routes";
import { Spinner } from "./components/ui/spinner";

const page = <T extends ComponentType<object>>(load: () => Promise<{ default: T }>) => lazy(load);

const LandingPage = page(() => import("./landing/LandingPage"));
const AuthPage = page(() => import("./auth/AuthPage"));
const ImpressumPage = page(() => import("./legal/ImpressumPage"));
const AgbPage = page(() => import("./legal/AgbPage"));
const PrivacyPage = page(() => import("./legal/PrivacyPage"));
const PasswordResetPage = page(() => import("./auth/PasswordResetPage"));
const RuleStatsPage = page(() => import("./findings/RuleStatsPage"));
const NotFoundPage = page(() => import("./pages/NotFoundPage"));
const RouterFallback = page(() => import("./pages/RouterFallback"));
const DashboardShell = page(() => import("./layout/DashboardShell"));
const OverviewPage = page(() => import("./dashboard/OverviewPage"));
const ProjectListPage = page(() => import("./projects/ProjectListPage"));
const ProjectDetailPage = page(() => import("./projects/ProjectDetailPage"));
const ResultRoute = page(() => import("./projects/ResultRoute"));
const UsersPage = page(() => import("./users/UsersPage"));
const OrdersPage = page(() => import("./orders/OrdersPage"));
const CompaniesPage = page(() => import("./companies/CompaniesPage"));
const RegistrationLinksPage = page(() => import("./registration-links/RegistrationLinksPage"));
const InquiriesPage = page(() => import("./inquiries/InquiriesPage"));
const SettingsPage = page(() => import("./settings/SettingsPage"));
const ChatbotLegalPage = page(() => import("./chatbot/ChatbotLegalPage"));
const ChatbotConstructionPage = page(() => import("./chatbot/ChatbotConstructionPage"));
const ChatbotDatabasePage = page(() => import("./chatbot/ChatbotDatabasePage"));

// The guards load with the first protected page, not with the public pages.
const ProtectedRoute = lazy(() => import("./layout/ProtectedRoute").then((m) => ({ default: m.ProtectedRoute })));
const RequireRole = lazy(() => import("./layout/RequireRole").then((m) => ({ default: m.RequireRole })));

const Loading = () => <Spinner />;
const lazyPage = (node: ReactNode) => <Suspense fallback={<Loading />}>{node}</Suspense>;
const superAdminOnly = (node: ReactNode) => lazyPage(<RequireRole roles={["super_admin"]}>{lazyPage(node)}</RequireRole>);

// One element per path of src/common/routes.ts: a path added there without a page here (or the
// reverse) does not compile.
const PUBLIC: Record<PublicPage, ReactNode> = {
  "/": lazyPage(<LandingPage />),
  "/auth": lazyPage(<AuthPage />),
  "/impressum": lazyPage(<ImpressumPage />),
  "/agb": lazyPage(<AgbPage />),
  "/datenschutz": lazyPage(<PrivacyPage />),
  "/passwort-zuruecksetzen": lazyPage(<PasswordResetPage />),
};

const DASHBOARD: Record<DashboardPage, ReactNode> = {
  "/dashboard": lazyPage(<OverviewPage />),
  "/dashboard/projects": lazyPage(<ProjectListPage />),
  "/dashboard/projects/:projectId": lazyPage(<ProjectDetailPage />),
  "/dashboard/project-detail/:projectId": lazyPage(<ProjectDetailPage />),
  "/dashboard/users": lazyPage(<UsersPage />),
  "/dashboard/orders": superAdminOnly(<OrdersPage />),
  "/dashboard/companies": superAdminOnly(<CompaniesPage />),
  "/dashboard/registration-links": superAdminOnly(<RegistrationLinksPage />),
  "/dashboard/inquiries": superAdminOnly(<InquiriesPage />),
  "/dashboard/settings": lazyPage(<SettingsPage />),
  "/dashboard/chatbot-legal": lazyPage(<ChatbotLegalPage />),
  "/dashboard/chatbot-construction": lazyPage(<ChatbotConstructionPage />),
  "/dashboard/chatbot-database": superAdminOnly(<ChatbotDatabasePage />),
  "/dashboard/rule-precision": superAdminOnly(<RuleStatsPage />),
};

const OTHER: Record<OtherPage, ReactNode> = {
  "/projects/:id/result": lazyPage(<ResultRoute />),
};

const routes = (table: Record<string, ReactNode>) =>
  Object.entries(table).map(([path, element]) => <Route key={path} path={path} element={element} />);

export function App() {
  return (
    <Routes>
      {routes(PUBLIC)}
      <Route path="/dashboard" element={lazyPage(<ProtectedRoute>{lazyPage(<DashboardShell />)}</ProtectedRoute>)}>
        {Object.entries(DASHBOARD).map(([path, element]) =>
          path === "/dashboard" ? (
            <Route key={path} index element={element} />
          ) : (
            <Route key={path} path={path.slice("/dashboard/".length)} element={element} />
          ),
        )}
        <Route path="*" element={lazyPage(<RouterFallback />)} />
      </Route>
      {routes(OTHER)}
      <Route path="*" element={lazyPage(<NotFoundPage />)} />
    </Routes>
  );
}
