// The route table: every route of both spec route tables, each page a lazily loaded module so
// the landing page never downloads dashboard code.
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { Route, Routes } from "react-router";
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

export function App() {
  return (
    <Routes>
      <Route path="/" element={lazyPage(<LandingPage />)} />
      <Route path="/auth" element={lazyPage(<AuthPage />)} />
      <Route path="/impressum" element={lazyPage(<ImpressumPage />)} />
      <Route path="/agb" element={lazyPage(<AgbPage />)} />
      <Route path="/datenschutz" element={lazyPage(<PrivacyPage />)} />
      <Route path="/passwort-zuruecksetzen" element={lazyPage(<PasswordResetPage />)} />
      <Route path="/dashboard" element={lazyPage(<ProtectedRoute>{lazyPage(<DashboardShell />)}</ProtectedRoute>)}>
        <Route index element={lazyPage(<OverviewPage />)} />
        <Route path="projects" element={lazyPage(<ProjectListPage />)} />
        <Route path="projects/:projectId" element={lazyPage(<ProjectDetailPage />)} />
        <Route path="project-detail/:projectId" element={lazyPage(<ProjectDetailPage />)} />
        <Route path="users" element={lazyPage(<UsersPage />)} />
        <Route path="orders" element={superAdminOnly(<OrdersPage />)} />
        <Route path="companies" element={superAdminOnly(<CompaniesPage />)} />
        <Route path="registration-links" element={superAdminOnly(<RegistrationLinksPage />)} />
        <Route path="inquiries" element={superAdminOnly(<InquiriesPage />)} />
        <Route path="settings" element={lazyPage(<SettingsPage />)} />
        <Route path="chatbot-legal" element={lazyPage(<ChatbotLegalPage />)} />
        <Route path="chatbot-construction" element={lazyPage(<ChatbotConstructionPage />)} />
        <Route path="chatbot-database" element={superAdminOnly(<ChatbotDatabasePage />)} />
        <Route path="rule-precision" element={superAdminOnly(<RuleStatsPage />)} />
        <Route path="*" element={lazyPage(<RouterFallback />)} />
      </Route>
      <Route path="/projects/:id/result" element={lazyPage(<ResultRoute />)} />
      <Route path="*" element={lazyPage(<NotFoundPage />)} />
    </Routes>
  );
}
