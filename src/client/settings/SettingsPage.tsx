import { usePageTitle } from "../hooks/use-page-title";

export default function SettingsPage() {
  usePageTitle("Einstellungen");
  return <h1 className="text-2xl font-bold">Einstellungen</h1>;
}
