import { usePageTitle } from "../hooks/use-page-title";

export default function CompaniesPage() {
  usePageTitle("Unternehmensverwaltung");
  return <h1 className="text-2xl font-bold">Unternehmensverwaltung</h1>;
}
