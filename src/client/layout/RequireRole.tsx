import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import type { Role } from "../../common/roles";
import { useSessionUser } from "./session-user";

export function AccessDenied({ message }: { message?: string }) {
  return (
    <div className="flex flex-col items-center justify-center gap-3 py-16 text-center">
      <ShieldAlert className="size-10 text-red-500" />
      <h1 className="text-xl font-semibold">Zugriff verweigert</h1>
      <p className="max-w-md text-sm text-slate-600">{message ?? "Sie haben keine Berechtigung, diese Seite aufzurufen."}</p>
    </div>
  );
}

/** Shows the page only to the given roles (the server checks again on every call). */
export function RequireRole({ roles, children, message }: { roles: Role[]; children: ReactNode; message?: string }) {
  const user = useSessionUser();
  return roles.includes(user.role) ? <>{children}</> : <AccessDenied message={message} />;
}
