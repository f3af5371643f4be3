// Demo users: name, e-mail, role (Administrator or Benutzer), status (Aktiv or Inaktiv).
import { UserPlus } from "lucide-react";
import type { DemoUser } from "../data";
import { DisabledButton, ViewHeader } from "../parts";

export default function UsersView({ users }: { users: DemoUser[] }) {
  return (
    <div>
      <ViewHeader
        title="Benutzer"
        subtitle="Teammitglieder mit Zugang zum Dashboard"
        action={
          <DisabledButton>
            <UserPlus className="size-4" aria-hidden /> Neuer Benutzer
          </DisabledButton>
        }
      />
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full min-w-[520px] text-sm" data-testid="demo-users">
          <thead className="border-b bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
            <tr>
              <th className="px-4 py-2.5">Name</th>
              <th className="px-4 py-2.5">E-Mail</th>
              <th className="px-4 py-2.5">Rolle</th>
              <th className="px-4 py-2.5">Status</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {users.map((u) => (
              <tr key={u.id}>
                <td className="px-4 py-3 font-medium text-slate-900">
                  {u.firstName} {u.lastName}
                </td>
                <td className="px-4 py-3 text-slate-600">{u.email}</td>
                <td className="px-4 py-3">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${u.role === "Administrator" ? "bg-brand-100 text-brand-800" : "bg-slate-100 text-slate-700"}`}
                  >
                    {u.role}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <span
                    className={`inline-flex items-center gap-1.5 text-xs font-medium ${u.status === "Aktiv" ? "text-green-700" : "text-slate-500"}`}
                  >
                    <span className={`size-2 rounded-full ${u.status === "Aktiv" ? "bg-green-500" : "bg-slate-400"}`} aria-hidden />
                    {u.status}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
