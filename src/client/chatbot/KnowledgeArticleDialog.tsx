// Create or edit one knowledge-base article; the same zod schema checks it here and on the server.
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import {
  KNOWLEDGE_DOCUMENT_LABELS,
  KNOWLEDGE_DOCUMENT_TYPES,
  knowledgeArticleSchema,
  type ChatbotType,
  type KnowledgeArticleInput,
  type KnowledgeArticleValues,
} from "../../common/schemas/chatbot";
import { Button } from "../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../components/ui/dialog";
import { Input, Textarea } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { NativeSelect } from "../components/ui/select";
import { Spinner } from "../components/ui/spinner";
import { toast } from "../hooks/use-toast";
import { apiRequest, errorMessage } from "../lib/api";
import { queryClient } from "../lib/query-client";
import type { KnowledgeArticleDto } from "../../common/types";
import { OriginNote } from "./knowledge-origin";

export const invalidateKnowledge = () =>
  queryClient.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith("/api/chatbot/knowledge") });

const empty = (type: ChatbotType): KnowledgeArticleInput => ({
  chatbotType: type,
  title: "",
  content: "",
  documentType: "leitfaden",
  tags: "",
  sources: "",
});

export function KnowledgeArticleDialog(props: {
  type: ChatbotType;
  articleId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const editing = props.articleId !== null;
  const {
    data: article,
    isLoading,
    isError,
  } = useQuery<KnowledgeArticleDto>({
    queryKey: [`/api/chatbot/knowledge/${props.articleId}`],
    enabled: props.open && editing,
    staleTime: 0,
  });
  const form = useForm<KnowledgeArticleInput, unknown, KnowledgeArticleValues>({
    resolver: zodResolver(knowledgeArticleSchema),
    defaultValues: empty(props.type),
  });
  const { errors, isSubmitting } = form.formState;

  useEffect(() => {
    if (!props.open) return;
    if (!editing) form.reset(empty(props.type));
    else if (article)
      form.reset({
        chatbotType: article.chatbotType,
        title: article.title,
        content: article.content,
        documentType: article.documentType as KnowledgeArticleValues["documentType"],
        tags: article.tags.join(", "),
        sources: article.sources.join("\n"),
      });
  }, [props.open, editing, article, props.type, form]);

  const loadShipped = () => {
    const s = article?.origin?.shippedArticle;
    if (s)
      form.reset({
        chatbotType: article.chatbotType,
        title: s.title,
        content: s.content,
        documentType: s.documentType,
        tags: s.tags.join(", "),
        sources: s.sources.join("\n"),
      });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      if (editing) await apiRequest("PUT", `/api/chatbot/knowledge/${props.articleId}`, values);
      else await apiRequest("POST", "/api/chatbot/knowledge", values);
      toast({ title: editing ? "Artikel aktualisiert" : "Artikel erstellt", description: values.title });
      await invalidateKnowledge();
      props.onOpenChange(false);
    } catch (err) {
      toast({
        title: editing ? "Fehler beim Aktualisieren" : "Fehler beim Erstellen",
        description: errorMessage(err, "Der Artikel konnte nicht gespeichert werden."),
        variant: "destructive",
      });
    }
  });

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Artikel bearbeiten" : "Neuer Artikel"}</DialogTitle>
          <DialogDescription>
            Absätze durch eine Leerzeile trennen; jeden Absatz mit „Stichwort (Norm): …“ beginnen und die Kernaussage in den ersten Satz
            schreiben – der Assistent antwortet mit einzelnen Sätzen und nennt die Norm als Quelle.
          </DialogDescription>
        </DialogHeader>
        {editing && isLoading ? (
          <Spinner label="Artikel wird geladen …" />
        ) : editing && isError ? (
          <p role="alert" className="text-sm text-red-600">
            Der Artikel konnte nicht geladen werden.
          </p>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            {editing ? <OriginNote origin={article?.origin} onLoadShipped={loadShipped} /> : null}
            <Field id="kb-title" label="Titel" error={errors.title?.message}>
              <Input id="kb-title" aria-invalid={!!errors.title} {...form.register("title")} />
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id="kb-type" label="Dokumentart" error={errors.documentType?.message}>
                <NativeSelect id="kb-type" {...form.register("documentType")}>
                  {KNOWLEDGE_DOCUMENT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {KNOWLEDGE_DOCUMENT_LABELS[t]}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              <Field id="kb-tags" label="Schlagwörter" hint="Durch Komma getrennt" error={errors.tags?.message}>
                <Input id="kb-tags" {...form.register("tags")} />
              </Field>
            </div>
            <Field id="kb-content" label="Inhalt" error={errors.content?.message}>
              <Textarea id="kb-content" rows={12} aria-invalid={!!errors.content} {...form.register("content")} />
            </Field>
            <Field
              id="kb-sources"
              label="Quellen"
              hint="Eine Quelle je Zeile, z. B. „VOB/B (Ausgabe 2016), § 13 Abs. 4“"
              error={errors.sources?.message}
            >
              <Textarea id="kb-sources" rows={3} {...form.register("sources")} />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
                Abbrechen
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                {isSubmitting ? "Wird gespeichert..." : "Speichern"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
