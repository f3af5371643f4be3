import { usePageTitle } from "../hooks/use-page-title";

export default function LandingPage() {
  usePageTitle("bauklar");
  return <h1 className="text-2xl font-bold">bauklar</h1>;
}
