import { usePageTitle } from "../hooks/use-page-title";

export default function ChatbotConstructionPage() {
  usePageTitle("Bauausführung Assistent");
  return <h1 className="text-2xl font-bold">Bauausführung Assistent</h1>;
}
