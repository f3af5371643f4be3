// /dashboard/chatbot-database (super admin): choose the chatbot (Bauausführung or Baurecht), edit
// its system prompt and knowledge base, or the analysis prompt of the KI-Prüfung of uploaded LVs;
// below, the billing of chatbot requests.
import { useState } from "react";
import { Database } from "lucide-react";
import type { ChatbotType } from "../../common/schemas/chatbot";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { usePageTitle } from "../hooks/use-page-title";
import { KnowledgeBasePanel } from "./KnowledgeBasePanel";
import { LedgerPanel } from "./LedgerPanel";
import { PromptEditor } from "./PromptEditor";
import { ReferencePricesPanel } from "./ReferencePricesPanel";

type Tab = ChatbotType | "analysis" | "prices";

export default function ChatbotDatabasePage() {
  usePageTitle("Datenbank Chatbot");
  const [type, setType] = useState<Tab>("construction");
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex items-start gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-700 text-white">
          <Database className="size-6" />
        </span>
        <div>
          <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">Datenbank Chatbot</h1>
          <p className="text-sm text-slate-600">
            System-Prompts und Wissensdatenbank der beiden Assistenten, Prompt der KI-Prüfung der Leistungsverzeichnisse.
          </p>
        </div>
      </div>
      <Tabs value={type} onValueChange={(v) => setType(v as Tab)}>
        <TabsList aria-label="Chatbot auswählen" className="w-full sm:w-auto">
          <TabsTrigger value="construction">Bauausführung</TabsTrigger>
          <TabsTrigger value="legal">Baurecht</TabsTrigger>
          <TabsTrigger value="analysis">KI-Prüfung LV</TabsTrigger>
          <TabsTrigger value="prices">Richtwerte LV</TabsTrigger>
        </TabsList>
        {/* The chosen tab's panel (its trigger's aria-controls must name an element that exists). */}
        <TabsContent value={type} className="space-y-6">
          {type === "prices" ? <ReferencePricesPanel /> : <PromptEditor key={`prompt-${type}`} type={type} />}
          {type === "analysis" || type === "prices" ? null : <KnowledgeBasePanel key={`kb-${type}`} type={type} />}
        </TabsContent>
      </Tabs>
      <LedgerPanel />
    </div>
  );
}
