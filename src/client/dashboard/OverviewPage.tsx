import { usePageTitle } from "../hooks/use-page-title";

export default function OverviewPage() {
  usePageTitle("Dashboard");
  return <h1 className="text-2xl font-bold">Dashboard</h1>;
}
