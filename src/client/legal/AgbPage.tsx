import { usePageTitle } from "../hooks/use-page-title";

export default function AgbPage() {
  usePageTitle("AGB");
  return <h1 className="text-2xl font-bold">AGB</h1>;
}
