// One demo chatbot with its sample conversation; a chunk of its own, loaded when the view opens.
import { DEMO_CHATS } from "../chat-samples";
import { ChatbotView } from "./ChatbotView";

export default function DemoChat({ kind }: { kind: keyof typeof DEMO_CHATS }) {
  return <ChatbotView {...DEMO_CHATS[kind]} />;
}
