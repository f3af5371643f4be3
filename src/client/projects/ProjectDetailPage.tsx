import { usePageTitle } from "../hooks/use-page-title";

export default function ProjectDetailPage() {
  usePageTitle("Projektdetails");
  return <h1 className="text-2xl font-bold">Projektdetails</h1>;
}
