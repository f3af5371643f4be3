import { usePageTitle } from "../hooks/use-page-title";

export default function ImpressumPage() {
  usePageTitle("Impressum");
  return <h1 className="text-2xl font-bold">Impressum</h1>;
}
