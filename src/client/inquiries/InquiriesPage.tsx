import { usePageTitle } from "../hooks/use-page-title";

export default function InquiriesPage() {
  usePageTitle("Anfragen");
  return <h1 className="text-2xl font-bold">Anfragen</h1>;
}
