import { usePageTitle } from "../hooks/use-page-title";

export default function UsersPage() {
  usePageTitle("Benutzerverwaltung");
  return <h1 className="text-2xl font-bold">Benutzerverwaltung</h1>;
}
