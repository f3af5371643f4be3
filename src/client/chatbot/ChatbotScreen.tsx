// One chatbot screen (requirements 2.2): 500 px conversation area with a welcome message,
// "Neu", the history dialog, the usage banner, and an input that sends on Enter (Shift+Enter
// makes a newline) and is disabled when the company has not purchased the chatbots.
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Bot, HardHat, History, Loader2, Plus, Scale, SendHorizontal, UserRound } from "lucide-react";
import { CHATBOT_MESSAGE_MAX, type ChatbotType } from "../../common/schemas/chatbot";
import { Button } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { Textarea } from "../components/ui/input";
import { usePageTitle } from "../hooks/use-page-title";
import { useSessionUser } from "../layout/session-user";
import { cn } from "../lib/utils";
import { CHATBOT_SCREENS } from "./chat-texts";
import { HistoryDialog } from "./HistoryDialog";
import { MessageContent } from "./MessageContent";
import { UsageBanner } from "./UsageBanner";
import { useChat, type ChatMessage } from "./use-chat";
import { useChatbotAccess } from "./use-chatbot-access";

function MessageRow({ message }: { message: ChatMessage }) {
  const mine = message.role === "user";
  return (
    <div className={cn("flex items-start gap-2.5", mine && "flex-row-reverse")} data-testid={mine ? "message-user" : "message-assistant"}>
      <span
        aria-hidden
        className={cn(
          "mt-0.5 hidden size-8 shrink-0 items-center justify-center rounded-full sm:flex",
          mine ? "bg-slate-200 text-slate-700" : "bg-brand-100 text-brand-700",
        )}
      >
        {mine ? <UserRound className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div
        className={cn(
          "max-w-[92%] rounded-2xl px-3.5 py-2.5 text-sm leading-relaxed shadow-sm sm:max-w-[78%] sm:px-4",
          mine ? "rounded-tr-sm bg-brand-700 text-white" : "rounded-tl-sm border border-slate-200 bg-white text-slate-800",
          message.status === "error" && "border-red-200 bg-red-50 text-red-800",
        )}
      >
        <span className="sr-only">{mine ? "Sie:" : "Assistent:"}</span>
        {message.status === "streaming" && !message.content ? (
          <span className="flex items-center gap-2 text-slate-500">
            <Loader2 className="size-4 animate-spin" /> Antwort wird erstellt …
          </span>
        ) : mine ? (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <MessageContent text={message.content} />
        )}
      </div>
    </div>
  );
}

export function ChatbotScreen({ type }: { type: ChatbotType }) {
  const texts = CHATBOT_SCREENS[type];
  usePageTitle(texts.title);
  const user = useSessionUser();
  const access = useChatbotAccess(user);
  const chat = useChat(type, user.companyId);
  const [input, setInput] = useState("");
  const [historyOpen, setHistoryOpen] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const blocked = access.blockedReason !== null;
  const tooLong = input.length > CHATBOT_MESSAGE_MAX;
  const canSend = !blocked && !chat.sending && input.trim().length > 0 && !tooLong;

  // Follow the conversation, but never scroll the start of the newest answer out of view: a long
  // answer is read from its beginning (the latest question stays at the top of the area).
  useEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const questions = el.querySelectorAll<HTMLElement>('[data-testid="message-user"]');
    const last = questions[questions.length - 1];
    const bottom = el.scrollHeight - el.clientHeight;
    el.scrollTop = last ? Math.min(bottom, last.offsetTop - 12) : bottom;
  }, [chat.messages]);

  const ask = async (text: string) => {
    if (blocked || chat.sending || !text.trim() || text.length > CHATBOT_MESSAGE_MAX) return;
    setInput("");
    const accepted = await chat.send(text);
    if (!accepted) setInput(text);
    inputRef.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void ask(input);
    }
  };

  const isNewChat = chat.conversationId === null && chat.messages.length === 1;
  const Icon = type === "legal" ? Scale : HardHat;

  return (
    <div className="mx-auto max-w-4xl space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
            <Icon className="size-6" />
          </span>
          <div className="min-w-0">
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{texts.title}</h1>
            <p className="text-sm text-slate-600">{texts.subtitle}</p>
          </div>
        </div>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => setHistoryOpen(true)}>
            <History /> Verlauf
          </Button>
          <Button
            variant="outline"
            onClick={() => {
              chat.reset();
              setInput("");
              inputRef.current?.focus();
            }}
          >
            <Plus /> Neu
          </Button>
        </div>
      </div>

      <UsageBanner access={access} />

      <Card className="overflow-hidden">
        <div
          ref={scrollRef}
          className="relative h-[500px] space-y-4 overflow-y-auto bg-slate-50/70 p-3 sm:p-5"
          role="log"
          tabIndex={0}
          aria-live="polite"
          aria-busy={chat.sending || chat.loadingConversation}
          aria-label="Unterhaltung"
          data-testid="chat-log"
        >
          {chat.loadingConversation ? (
            <div className="flex h-full items-center justify-center text-sm text-slate-500">
              <Loader2 className="mr-2 size-4 animate-spin" /> Unterhaltung wird geladen …
            </div>
          ) : (
            chat.messages.map((m) => <MessageRow key={m.id} message={m} />)
          )}
          {isNewChat && !blocked ? (
            <div className="flex flex-wrap gap-2 sm:pl-10" aria-label="Beispielfragen">
              {texts.suggestions.map((s) => (
                <button
                  key={s}
                  type="button"
                  onClick={() => void ask(s)}
                  className="rounded-full border border-brand-200 bg-white px-3 py-1.5 text-left text-xs text-brand-800 transition-colors hover:bg-brand-50"
                >
                  {s}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <form
          className="border-t border-slate-200 bg-white p-3 sm:p-4"
          onSubmit={(e) => {
            e.preventDefault();
            void ask(input);
          }}
        >
          <label htmlFor={`chat-input-${type}`} className="sr-only">
            Ihre Nachricht
          </label>
          <div className="flex items-end gap-2">
            <Textarea
              id={`chat-input-${type}`}
              ref={inputRef}
              rows={2}
              value={input}
              disabled={blocked}
              placeholder={blocked ? "Chatbot nicht verfügbar" : texts.placeholder}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={onKeyDown}
              aria-invalid={tooLong}
              className="max-h-40 min-h-12 resize-none"
            />
            <Button type="submit" size="icon" className="h-12 w-12 shrink-0" disabled={!canSend} aria-label="Senden">
              {chat.sending ? <Loader2 className="animate-spin" /> : <SendHorizontal />}
            </Button>
          </div>
          <div className="mt-1.5 flex justify-between gap-2 text-xs text-slate-500">
            <span className="hidden sm:inline">Enter sendet · Umschalt+Enter für eine neue Zeile</span>
            {input.length > CHATBOT_MESSAGE_MAX - 500 ? (
              <span className={cn("ml-auto tabular-nums", tooLong && "font-medium text-red-600")}>
                {input.length.toLocaleString("de-DE")} / {CHATBOT_MESSAGE_MAX.toLocaleString("de-DE")} Zeichen
              </span>
            ) : null}
          </div>
        </form>
      </Card>

      <HistoryDialog
        type={type}
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        currentId={chat.conversationId}
        onSelect={(id) => {
          setHistoryOpen(false);
          void chat.open(id);
        }}
      />
    </div>
  );
}
