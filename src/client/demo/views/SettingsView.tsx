// Demo settings: the personal-data form, read-only, with a disabled save button.
import type { DemoUser } from "../data";
import { DEMO_COMPANY } from "../data";
import { DisabledButton, ViewHeader } from "../parts";

export default function SettingsView({ me }: { me: DemoUser }) {
  const fields: [string, string][] = [
    ["Vorname", me.firstName],
    ["Nachname", me.lastName],
    ["E-Mail", me.email],
    ["Benutzername", me.username],
    ["Unternehmen", DEMO_COMPANY.name],
    ["Rolle", me.role],
  ];
  return (
    <div>
      <ViewHeader title="Einstellungen" subtitle="Persönliche Daten" />
      <form
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        onSubmit={(e) => e.preventDefault()}
        data-testid="demo-settings"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map(([label, value]) => (
            <label key={label} className="block text-sm font-medium text-slate-700">
              {label}
              <input
                readOnly
                value={value}
                className="mt-1.5 block h-9 w-full cursor-not-allowed rounded-md border border-slate-200 bg-slate-50 px-3 text-sm text-slate-700"
              />
            </label>
          ))}
        </div>
        <p className="mt-4 text-xs text-slate-500">Änderungen an Ihren persönlichen Daten nimmt der Support für Sie vor.</p>
        <div className="mt-4 flex justify-end">
          <DisabledButton>Speichern</DisabledButton>
        </div>
      </form>
    </div>
  );
}
