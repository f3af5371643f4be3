import {
  Bot,
  Building2,
  ClipboardList,
  Database,
  ListChecks,
  FolderKanban,
  HardHat,
  Inbox,
  LayoutDashboard,
  Link2,
  Scale,
  Settings,
  Users,
} from "lucide-react";
import type { Role } from "../../common/roles";

/** Sidebar entries of requirements 2.2, with the roles that see them. */
export const NAV_ITEMS: { label: string; path: string; icon: typeof Bot; roles: Role[] }[] = [
  { label: "Dashboard", path: "/dashboard", icon: LayoutDashboard, roles: ["super_admin", "company_admin", "user"] },
  { label: "Projekte", path: "/dashboard/projects", icon: FolderKanban, roles: ["super_admin", "company_admin", "user"] },
  { label: "Benutzer", path: "/dashboard/users", icon: Users, roles: ["super_admin", "company_admin"] },
  { label: "Aufträge", path: "/dashboard/orders", icon: ClipboardList, roles: ["super_admin"] },
  { label: "Prüfregeln", path: "/dashboard/rule-precision", icon: ListChecks, roles: ["super_admin"] },
  { label: "Unternehmen", path: "/dashboard/companies", icon: Building2, roles: ["super_admin"] },
  { label: "Einladungslinks", path: "/dashboard/registration-links", icon: Link2, roles: ["super_admin"] },
  { label: "Anfragen", path: "/dashboard/inquiries", icon: Inbox, roles: ["super_admin"] },
  { label: "Chatbot Baurecht", path: "/dashboard/chatbot-legal", icon: Scale, roles: ["super_admin", "company_admin", "user"] },
  {
    label: "Chatbot Bauausführung",
    path: "/dashboard/chatbot-construction",
    icon: HardHat,
    roles: ["super_admin", "company_admin", "user"],
  },
  { label: "Datenbank Chatbot", path: "/dashboard/chatbot-database", icon: Database, roles: ["super_admin"] },
  { label: "Einstellungen", path: "/dashboard/settings", icon: Settings, roles: ["super_admin", "company_admin", "user"] },
];
