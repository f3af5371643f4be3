import { usePageTitle } from "../hooks/use-page-title";

export default function ChatbotLegalPage() {
  usePageTitle("Baurecht Assistent");
  return <h1 className="text-2xl font-bold">Baurecht Assistent</h1>;
}
