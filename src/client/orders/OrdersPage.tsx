import { usePageTitle } from "../hooks/use-page-title";

export default function OrdersPage() {
  usePageTitle("Aufträge");
  return <h1 className="text-2xl font-bold">Aufträge</h1>;
}
