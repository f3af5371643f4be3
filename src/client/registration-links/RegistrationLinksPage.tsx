import { usePageTitle } from "../hooks/use-page-title";

export default function RegistrationLinksPage() {
  usePageTitle("Einladungslinks");
  return <h1 className="text-2xl font-bold">Einladungslinks</h1>;
}
