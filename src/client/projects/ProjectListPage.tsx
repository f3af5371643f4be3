import { usePageTitle } from "../hooks/use-page-title";

export default function ProjectListPage() {
  usePageTitle("Projekte");
  return <h1 className="text-2xl font-bold">Projekte</h1>;
}
