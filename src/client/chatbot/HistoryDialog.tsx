// The history dialog of a chat screen: the user's earlier conversations with title and date,
// last used first, read page by page while the list scrolls.
import { useState } from "react";
import { MessageSquareText } from "lucide-react";
import type { ChatbotType } from "../../common/schemas/chatbot";
import type { ChatbotConversationDto } from "../../common/types";
import { formatDateTime } from "../../common/format";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Skeleton } from "../components/ui/skeleton";
import { cn } from "../lib/utils";
import { usePagedList } from "../lib/use-paged-list";
import { LoadMore } from "../components/ui/load-more";
import { SearchInput } from "../components/ui/search-input";
import { conversationsKey } from "./use-chat";

export const HISTORY_PAGE_SIZE = 30;

export function HistoryDialog(props: {
  type: ChatbotType;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentId: number | null;
  onSelect: (id: number) => void;
}) {
  // Under the conversations key, so a new conversation (use-chat) refreshes the pages.
  const [search, setSearch] = useState("");
  const list = usePagedList<ChatbotConversationDto>({
    path: conversationsKey(props.type)[0],
    pageSize: HISTORY_PAGE_SIZE,
    search,
    enabled: props.open,
  });
  const { rows: data, isError } = list;
  const isLoading = props.open && list.isPending;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Verlauf</DialogTitle>
          <DialogDescription>Ihre früheren Unterhaltungen mit diesem Assistenten. Nur Sie sehen sie.</DialogDescription>
        </DialogHeader>
        {list.searching || (list.total ?? 0) > 0 ? (
          <SearchInput
            value={search}
            onChange={setSearch}
            placeholder="Unterhaltungen suchen..."
            label="Unterhaltungen suchen"
            className="max-w-none"
          />
        ) : null}
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
        ) : !data.length && list.searching ? (
          <p className="py-6 text-center text-sm text-slate-500">Keine Unterhaltungen gefunden</p>
        ) : !data.length ? (
          <p className="py-6 text-center text-sm text-slate-500">
            Noch keine Unterhaltungen. Ihre Fragen erscheinen hier, sobald der Assistent geantwortet hat.
          </p>
        ) : (
          <div className="max-h-[60vh] overflow-y-auto pr-1" data-testid="history-scroll">
            <ul className="space-y-1.5" aria-label="Unterhaltungen">
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
            <LoadMore shown={data.length} list={list} noun={["Unterhaltung", "Unterhaltungen"]} label="Ältere Unterhaltungen laden" />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
