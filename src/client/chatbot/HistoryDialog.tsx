// The history dialog of a chat screen: the user's earlier conversations with title and date.
import { useQuery } from "@tanstack/react-query";
import { MessageSquareText } from "lucide-react";
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { ChatbotConversationDto } from "../../common/types";
import { formatDateTime } from "../../common/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Skeleton } from "../components/ui/skeleton";
import { cn } from "../lib/utils";
import { conversationsKey } from "./use-chat";

export function HistoryDialog(props: {
  type: ChatbotType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentId: number | null;
  onSelect: (id: number) => void;
}) {
  const { data, isLoading, isError } = useQuery<ChatbotConversationDto[]>({ queryKey: conversationsKey(props.type), enabled: props.open });
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Verlauf</DialogTitle>
          <DialogDescription>Ihre früheren Unterhaltungen mit diesem Assistenten. Nur Sie sehen sie.</DialogDescription>
        </DialogHeader>
        {isLoading ? (
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-14 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            Der Verlauf konnte nicht geladen werden.
          </p>
        ) : !data?.length ? (
          <p className="py-6 text-center text-sm text-slate-500">Noch keine Unterhaltungen. Ihre Fragen erscheinen hier, sobald der Assistent geantwortet hat.</p>
        ) : (
          <ul className="max-h-[60vh] space-y-1.5 overflow-y-auto pr-1" aria-label="Unterhaltungen">
            {data.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => props.onSelect(c.id)}
                  className={cn(
                    "flex w-full items-start gap-3 rounded-lg border px-3 py-2.5 text-left transition-colors hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500",
                    c.id === props.currentId ? "border-brand-200 bg-brand-50" : "border-slate-200",
                  )}
                >
                  <MessageSquareText className="mt-0.5 size-4 shrink-0 text-brand-600" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 block text-sm font-medium text-slate-900">{c.title}</span>
                    <span className="block text-xs text-slate-500">{formatDateTime(c.updatedAt)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
