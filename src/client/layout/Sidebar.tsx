import { NavLink } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { LogOut } from "lucide-react";
import { ROLE_LABELS } from "../../common/roles";
import type { CompanyDto, CurrentUser } from "../../common/types";
import { Button } from "../components/ui/button";
import { Logo } from "../components/Logo";
import { useLogout } from "../hooks/use-logout";
import { cn } from "../lib/utils";
import { NAV_ITEMS } from "./nav-items";

export const displayName = (u: Pick<CurrentUser, "firstName" | "lastName" | "username">) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username;

export const initials = (u: Pick<CurrentUser, "firstName" | "lastName" | "username">) =>
  ((u.firstName?.[0] ?? "") + (u.lastName?.[0] ?? "")).toUpperCase() || u.username.slice(0, 2).toUpperCase();

export function Sidebar({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const logout = useLogout();
  const { data: company } = useQuery<CompanyDto>({ queryKey: [`/api/companies/${user.companyId}`], enabled: user.companyId !== null });
  return (
    <div className="flex h-full flex-col bg-brand-900 text-slate-100">
      <div className="flex items-center gap-3 border-b border-white/10 px-5 py-4">
        <Logo size="sm" variant="light" />
      </div>
      {company ? (
        <div className="flex items-center gap-3 border-b border-white/10 px-5 py-3" data-testid="sidebar-company">
          {company.logo ? (
            <img src={company.logo} alt={`Logo ${company.name}`} className="size-9 rounded bg-white object-contain p-0.5" />
          ) : null}
          <span className="truncate text-sm font-medium">{company.name}</span>
        </div>
      ) : null}
      <nav className="flex-1 space-y-0.5 overflow-y-auto px-3 py-4" aria-label="Hauptnavigation">
        {NAV_ITEMS.filter((i) => i.roles.includes(user.role)).map((item) => (
          <NavLink
            key={item.path}
            to={item.path}
            end={item.path === "/dashboard"}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors focus-visible:outline-accent-400",
                isActive ? "bg-white/15 font-semibold text-white" : "text-slate-300 hover:bg-white/10 hover:text-white",
              )
            }
          >
            <item.icon className="size-4" />
            {item.label}
          </NavLink>
        ))}
      </nav>
      <div className="border-t border-white/10 p-4">
        <div className="mb-3 flex items-center gap-3">
          <div className="flex size-9 items-center justify-center rounded-full bg-accent-500 text-sm font-bold text-slate-900" aria-hidden>
            {initials(user)}
          </div>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium" data-testid="sidebar-user">
              {displayName(user)}
            </p>
            <p className="truncate text-xs text-slate-400">{ROLE_LABELS[user.role]}</p>
          </div>
        </div>
        <Button variant="secondary" className="w-full" onClick={logout}>
          <LogOut /> Abmelden
        </Button>
      </div>
    </div>
  );
}
