// The knowledge base of one chatbot: list, search, create, edit, delete.
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { BookOpen, Pencil, Plus, Search, Trash2 } from "lucide-react";
import { CHATBOT_LABELS, KNOWLEDGE_DOCUMENT_LABELS, type ChatbotType } from "../../common/schemas/chatbot";
import { formatDate } from "../../common/format";
import { ConfirmDialog } from "../components/ui/alert-dialog";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input } from "../components/ui/input";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { KnowledgeArticleDialog, invalidateKnowledge } from "./KnowledgeArticleDialog";
import type { KnowledgeArticleListItemDto } from "../../common/types";
import { OriginBadge } from "./knowledge-origin";

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(t);
  }, [value, ms]);
  return debounced;
}

const documentLabel = (t: string) => KNOWLEDGE_DOCUMENT_LABELS[t as keyof typeof KNOWLEDGE_DOCUMENT_LABELS] ?? t;

export function KnowledgeBasePanel({ type }: { type: ChatbotType }) {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 250);
  const { data, isLoading, isError } = useQuery<KnowledgeArticleListItemDto[]>({
    queryKey: [`/api/chatbot/knowledge?type=${type}${q ? `&q=${encodeURIComponent(q)}` : ""}`],
  });
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);
  const [deleting, setDeleting] = useState<KnowledgeArticleListItemDto | null>(null);
  const [pendingDelete, setPendingDelete] = useState(false);

  const remove = async () => {
    if (!deleting) return;
    setPendingDelete(true);
    try {
      await apiRequest("DELETE", `/api/chatbot/knowledge/${deleting.id}`);
      toast({ title: "Artikel gelöscht", description: deleting.title });
      await invalidateKnowledge();
      setDeleting(null);
    } catch (err) {
      toast({
        title: "Fehler beim Löschen",
        description: errorMessage(err, "Der Artikel konnte nicht gelöscht werden."),
        variant: "destructive",
      });
    } finally {
      setPendingDelete(false);
    }
  };

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>Wissensdatenbank</CardTitle>
          <CardDescription>
            Artikel, aus denen der Assistent {CHATBOT_LABELS[type]} antwortet – mit einem Sprachmodell als nummerierte Auszüge, ohne
            Sprachmodell mit ihren eigenen Sätzen samt Quelle. Die ausgelieferten Artikel liegen als Markdown-Dateien im Ordner knowledge/
            (Anleitung: docs/knowledge-base.md); Änderungen hier bleiben bei neuen Versionen erhalten.
          </CardDescription>
        </div>
        <Button onClick={() => setEditing({ id: null })} className="shrink-0">
          <Plus /> Neuer Artikel
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="relative">
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" />
          <Input
            type="search"
            aria-label="Artikel suchen"
            placeholder="Artikel suchen (Titel, Inhalt, Schlagwörter) …"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="pl-9"
          />
        </div>
        {isLoading ? (
          <div className="space-y-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : isError ? (
          <p role="alert" className="text-sm text-red-600">
            Die Wissensdatenbank konnte nicht geladen werden.
          </p>
        ) : !data?.length ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center text-sm text-slate-500">
            <BookOpen className="size-8 text-slate-300" />
            {q ? "Keine Artikel gefunden. Versuchen Sie einen anderen Suchbegriff." : "Noch keine Artikel vorhanden."}
          </div>
        ) : (
          <>
            <p className="text-xs text-slate-500" data-testid="kb-count">
              {data.length} Artikel
              {q ? ` zu „${q}“` : ""}
            </p>
            <ul className="max-h-[36rem] divide-y divide-slate-200 overflow-y-auto rounded-lg border border-slate-200" aria-label="Artikel">
              {data.map((a) => (
                <li key={a.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 flex-1 space-y-1">
                    <p className="font-medium text-slate-900">{a.title}</p>
                    <div className="flex flex-wrap items-center gap-1.5">
                      <Badge className="border-brand-200 bg-brand-50 text-brand-800">{documentLabel(a.documentType)}</Badge>
                      <OriginBadge origin={a.origin} />
                      {a.tags.slice(0, 4).map((t) => (
                        <Badge key={t} className="border-slate-200 bg-white font-normal text-slate-600">
                          {t}
                        </Badge>
                      ))}
                      <span className="text-xs text-slate-500">geändert am {formatDate(a.updatedAt)}</span>
                    </div>
                    <p className="line-clamp-2 text-sm text-slate-600">{a.excerpt}</p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setEditing({ id: a.id })} aria-label={`${a.title} bearbeiten`}>
                      <Pencil /> <span className="sm:sr-only">Bearbeiten</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 hover:bg-red-50"
                      onClick={() => setDeleting(a)}
                      aria-label={`${a.title} löschen`}
                    >
                      <Trash2 /> <span className="sm:sr-only">Löschen</span>
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
      <KnowledgeArticleDialog
        type={type}
        articleId={editing?.id ?? null}
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Artikel löschen?"
        description={`„${deleting?.title ?? ""}“ wird aus der Wissensdatenbank entfernt und nicht mehr für Antworten verwendet.`}
        pending={pendingDelete}
        onConfirm={() => void remove()}
      />
    </Card>
  );
}
