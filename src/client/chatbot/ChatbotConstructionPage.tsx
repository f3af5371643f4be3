import { ChatbotScreen } from "./ChatbotScreen";

/** /dashboard/chatbot-construction: the construction-execution assistant (Bauausführung Assistent). */
export default function ChatbotConstructionPage() {
  return <ChatbotScreen key="construction" type="construction" />;
}
