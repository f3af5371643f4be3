import { usePageTitle } from "../hooks/use-page-title";

export default function ChatbotDatabasePage() {
  usePageTitle("Datenbank Chatbot");
  return <h1 className="text-2xl font-bold">Datenbank Chatbot</h1>;
}
