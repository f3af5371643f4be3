import { ChatbotScreen } from "./ChatbotScreen";

/** /dashboard/chatbot-legal: the construction-law assistant (Baurecht Assistent). */
export default function ChatbotLegalPage() {
  return <ChatbotScreen key="legal" type="legal" />;
}
