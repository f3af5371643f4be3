// Demo chatbots: a static sample conversation; input and send are disabled.
import { Bot, Send, User } from "lucide-react";
import type { ChatLine } from "../chat-samples";
import { ViewHeader } from "../parts";

export function ChatbotView({ title, subtitle, lines }: { title: string; subtitle: string; lines: ChatLine[] }) {
  return (
    <div className="flex min-h-[420px] flex-1 flex-col" data-testid="demo-chatbot">
      <ViewHeader title={title} subtitle={subtitle} />
      {/* Focusable: a scrolling box must be scrollable with the keyboard too. */}
      <ol
        tabIndex={0}
        aria-label="Beispielunterhaltung"
        className="flex-1 space-y-4 overflow-y-auto rounded-xl border border-slate-200 bg-white p-4"
      >
        {lines.map((l, i) => (
          <li key={i} className={`flex gap-3 ${l.from === "user" ? "flex-row-reverse" : ""}`}>
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full ${l.from === "user" ? "bg-brand-100 text-brand-800" : "bg-brand-800 text-white"}`}
              aria-hidden
            >
              {l.from === "user" ? <User className="size-4" /> : <Bot className="size-4" />}
            </span>
            <p
              className={`max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed ${
                l.from === "user" ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-800"
              }`}
            >
              <span className="sr-only">{l.from === "user" ? "Frage: " : "Antwort: "}</span>
              {l.text}
            </p>
          </li>
        ))}
      </ol>
      <form className="mt-3 flex gap-2" onSubmit={(e) => e.preventDefault()}>
        <input
          disabled
          placeholder="In der Demo nicht verfügbar"
          aria-label="Nachricht eingeben"
          className="h-10 flex-1 cursor-not-allowed rounded-md border border-slate-200 bg-slate-50 px-3 text-sm"
        />
        <button
          type="submit"
          disabled
          aria-label="Senden"
          className="inline-flex size-10 items-center justify-center rounded-md bg-brand-700 text-white disabled:cursor-not-allowed disabled:opacity-50"
        >
          <Send className="size-4" aria-hidden />
        </button>
      </form>
    </div>
  );
}
