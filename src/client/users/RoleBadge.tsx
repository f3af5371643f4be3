import { ROLE_BADGES, type Role } from "../../common/roles";
import { Badge } from "../components/ui/badge";
import { cn } from "../lib/utils";

const COLORS: Record<Role, string> = {
  super_admin: "border-purple-200 bg-purple-50 text-purple-800",
  company_admin: "border-blue-200 bg-blue-50 text-blue-800",
  user: "border-slate-200 bg-slate-50 text-slate-700",
};

/** Systemadmin / Unternehmensadmin / Benutzer (requirements 2.2). */
export const RoleBadge = ({ role }: { role: Role }) => <Badge className={cn(COLORS[role])}>{ROLE_BADGES[role]}</Badge>;
