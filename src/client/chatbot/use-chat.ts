// The state of one chat screen: messages (with the welcome message of a new chat), sending with
// a streamed answer, starting over ("Neu") and opening an earlier conversation.
import { useCallback, useEffect, useRef, useState } from "react";
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { ChatbotAnswerDto, ChatbotConversationDetailDto } from "../../common/types";
import { toast } from "../hooks/use-toast";
import { queryClient } from "../lib/query-client";
import {
  ANSWER_FAILED,
  CHATBOT_SCREENS,
  CONVERSATION_LOAD_FAILED,
  LIMIT_REACHED_TITLE,
  NETWORK_FAILED,
  limitReachedText,
} from "./chat-texts";
import { ChatNetworkError, ChatRequestError, streamChat } from "./stream-chat";

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  /** streaming: the answer is arriving; error: a failure message of requirements 2.8. */
  status?: "streaming" | "error";
}

let nextId = 1;
const localId = () => `m${nextId++}`;

const welcome = (type: ChatbotType): ChatMessage => ({ id: localId(), role: "assistant", content: CHATBOT_SCREENS[type].welcome });

export const conversationsKey = (type: ChatbotType) => [`/api/chatbot/conversations/${type}`];
export const usageKey = (companyId: number) => [`/api/companies/${companyId}/chatbot-usage`];

export function useChat(type: ChatbotType, companyId: number | null) {
  const [messages, setMessages] = useState<ChatMessage[]>(() => [welcome(type)]);
  const [conversationId, setConversationId] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [loadingConversation, setLoadingConversation] = useState(false);
  const abortRef = useRef<AbortController | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const update = (id: string, change: (m: ChatMessage) => ChatMessage) =>
    setMessages((list) => list.map((m) => (m.id === id ? change(m) : m)));

  const reset = useCallback(() => {
    abortRef.current?.abort();
    abortRef.current = null;
    setSending(false);
    setConversationId(null);
    setMessages([welcome(type)]);
  }, [type]);

  /** Sends a question; returns false when the server refused it (the text stays in the input). */
  const send = useCallback(
    async (text: string): Promise<boolean> => {
      const question = text.trim();
      if (!question || sending) return false;
      const controller = new AbortController();
      abortRef.current = controller;
      const userMsg: ChatMessage = { id: localId(), role: "user", content: question };
      const answer: ChatMessage = { id: localId(), role: "assistant", content: "", status: "streaming" };
      setMessages((list) => [...list, userMsg, answer]);
      setSending(true);
      try {
        const result: ChatbotAnswerDto = await streamChat(
          type,
          { message: question, conversationId },
          { signal: controller.signal, onDelta: (delta) => update(answer.id, (m) => ({ ...m, content: m.content + delta })) },
        );
        if (controller.signal.aborted) return true;
        update(answer.id, (m) => ({ ...m, content: result.message, status: undefined }));
        setConversationId(result.conversationId);
        // The first answer creates the conversation: reload the history.
        void queryClient.invalidateQueries({ queryKey: conversationsKey(type) });
        if (result.usage?.paid) toast({ title: LIMIT_REACHED_TITLE, description: limitReachedText(result.usage.limit) });
        return true;
      } catch (err) {
        if (controller.signal.aborted) return true;
        if (err instanceof ChatRequestError && !err.isServerError) {
          // Refused (limit 0, too long, unknown conversation …): nothing was asked.
          setMessages((list) => list.filter((m) => m.id !== userMsg.id && m.id !== answer.id));
          if (err.status !== 401) toast({ title: "Anfrage nicht möglich", description: err.message, variant: "destructive" });
          return false;
        }
        const failure = err instanceof ChatNetworkError || !(err instanceof ChatRequestError) ? NETWORK_FAILED : ANSWER_FAILED;
        update(answer.id, (m) => ({ ...m, content: failure, status: "error" }));
        return true;
      } finally {
        if (abortRef.current === controller) {
          abortRef.current = null;
          setSending(false);
        }
        if (companyId !== null) void queryClient.invalidateQueries({ queryKey: usageKey(companyId) });
      }
    },
    [type, conversationId, sending, companyId],
  );

  const open = useCallback(async (id: number) => {
    abortRef.current?.abort();
    abortRef.current = null;
    setSending(false);
    setLoadingConversation(true);
    try {
      const detail = await queryClient.fetchQuery<ChatbotConversationDetailDto>({
        queryKey: [`/api/chatbot/conversation/${id}`],
        staleTime: 0,
      });
      setConversationId(detail.id);
      setMessages(detail.messages.map((m) => ({ id: `s${m.id}`, role: m.role, content: m.content })));
      return true;
    } catch {
      toast({ title: CONVERSATION_LOAD_FAILED, variant: "destructive" });
      return false;
    } finally {
      setLoadingConversation(false);
    }
  }, []);

  return { messages, conversationId, sending, loadingConversation, send, reset, open };
}
