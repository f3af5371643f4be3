import { usePageTitle } from "../hooks/use-page-title";

export default function ResultPage() {
  usePageTitle("Auswertung");
  return <h1 className="text-2xl font-bold">Auswertung</h1>;
}
