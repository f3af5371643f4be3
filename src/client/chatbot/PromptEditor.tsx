// The system prompt of one chatbot (requirements part 2 "Chatbot database screen") or, with type "analysis",
// the analysis prompt of the model pass over every LV: the active version is edited and saved as
// a new version; earlier versions stay and can be taken over into the editor (analysis prompt:
// also made active again).
import { useEffect } from "react";
import { useQuery } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { History, RotateCcw, Save } from "lucide-react";
import { analysisPromptSaveSchema, type AnalysisPromptDto, type AnalysisPromptSaveInput } from "../../common/schemas/analysis-prompt";
import { CHATBOT_LABELS, type ChatbotType } from "../../common/schemas/chatbot";
import { formatDateTime } from "../../common/format";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { Input, Textarea } from "../components/ui/input";
import { Field } from "../components/ui/label";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../hooks/use-toast";
import { apiRequest } from "../lib/api";
import { queryClient } from "../lib/query-client";

export const PROMPTS_LOAD_FAILED = "Die Prompts konnten nicht geladen werden.";
export const PROMPT_SAVE_FAILED = "Der Prompt konnte nicht gespeichert werden.";

const author = (p: AnalysisPromptDto) => (p.createdBy ? `@${p.createdBy.username}` : "bauklar (Standard)");
/** The shipped analysis prompt (id 0) has no save date. */
const when = (p: AnalysisPromptDto, date: string) => (p.id === 0 ? "mitgeliefert" : formatDateTime(date));

export function PromptEditor({ type }: { type: ChatbotType | "analysis" }) {
  const analysis = type === "analysis";
  const key = [analysis ? "/api/analysis-prompts" : `/api/chatbot/prompts/${type}`];
  const { data, isLoading, isError } = useQuery<AnalysisPromptDto[]>({ queryKey: key });
  const active = data?.find((p) => p.isActive);
  const earlier = data?.filter((p) => !p.isActive) ?? [];

  const form = useForm<AnalysisPromptSaveInput, unknown, z.output<typeof analysisPromptSaveSchema>>({
    resolver: zodResolver(analysisPromptSaveSchema),
    defaultValues: { systemPrompt: "", description: "", isActive: true },
  });
  const { errors, isSubmitting, isDirty } = form.formState;

  useEffect(() => {
    if (isError) toast({ title: "Fehler beim Laden", description: PROMPTS_LOAD_FAILED, variant: "destructive" });
  }, [isError]);

  // Only the active prompt is shown for editing (requirements 2.4).
  useEffect(() => {
    form.reset({ systemPrompt: active?.systemPrompt ?? "", description: "", isActive: true });
  }, [active?.id, active?.systemPrompt, type, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await apiRequest(
        "POST",
        analysis ? "/api/analysis-prompts" : "/api/chatbot/prompt",
        analysis ? values : { ...values, chatbotType: type },
      );
      const target = analysis ? "die KI-Prüfung der Leistungsverzeichnisse" : `den Chatbot ${CHATBOT_LABELS[type]}`;
      toast({ title: "Prompt gespeichert", description: `Die neue Version ist für ${target} aktiv; frühere Versionen bleiben erhalten.` });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      toast({ title: "Fehler beim Speichern", description: PROMPT_SAVE_FAILED, variant: "destructive" });
    }
  });

  const activate = async (p: AnalysisPromptDto) => {
    try {
      await apiRequest("POST", `/api/analysis-prompts/${p.id === 0 ? "default" : p.id}/activate`);
      toast({ title: "Version aktiviert", description: "Neu gelesene Leistungsverzeichnisse werden mit dieser Version geprüft." });
      await queryClient.invalidateQueries({ queryKey: key });
    } catch {
      toast({ title: "Fehler beim Aktivieren", description: PROMPT_SAVE_FAILED, variant: "destructive" });
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{analysis ? "Analyse-Prompt (KI-Prüfung der Leistungsverzeichnisse)" : "System-Prompt"}</CardTitle>
        <CardDescription>
          {analysis ? (
            <>
              Legt fest, worauf das Sprachmodell jedes hochgeladene LV prüft. Die Antwort muss JSON in der im Prompt beschriebenen Form
              bleiben. Jede Speicherung legt eine neue Version an; sie gilt für Leistungsverzeichnisse, die danach gelesen werden.
            </>
          ) : (
            <>
              Legt Rolle, Stil und Regeln des Assistenten {CHATBOT_LABELS[type]} fest. Die erste Zeile nennt die Rolle, mit der auch
              Antworten aus der Wissensdatenbank überschrieben werden. Jede Speicherung legt eine neue Version an.
            </>
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-72 w-full" />
        ) : isError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {PROMPTS_LOAD_FAILED}
          </p>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            {active ? (
              <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                <Badge className="border-green-200 bg-green-50 text-green-800">Aktiv</Badge>
                Version {active.id === 0 ? "mitgeliefert" : `vom ${formatDateTime(active.updatedAt)}`} · {author(active)}
                {active.description ? <> · {active.description}</> : null}
              </p>
            ) : null}
            <Field id={`prompt-${type}`} label={analysis ? "Analyse-Prompt" : "System-Prompt"} error={errors.systemPrompt?.message}>
              <Textarea
                id={`prompt-${type}`}
                rows={14}
                className="font-mono text-[13px] leading-relaxed"
                aria-invalid={!!errors.systemPrompt}
                {...form.register("systemPrompt")}
              />
            </Field>
            <Field id={`prompt-description-${type}`} label="Änderungsnotiz (optional)" error={errors.description?.message}>
              <Input id={`prompt-description-${type}`} placeholder="z. B. Quellenangaben verschärft" {...form.register("description")} />
            </Field>
            <div className="flex flex-wrap justify-end gap-2">
              <Button type="button" variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset()}>
                <RotateCcw /> Verwerfen
              </Button>
              <Button type="submit" disabled={isSubmitting}>
                <Save /> {isSubmitting ? "Wird gespeichert..." : "Speichern"}
              </Button>
            </div>
            {earlier.length ? (
              <details className="rounded-lg border border-slate-200 p-3 text-sm">
                <summary className="flex cursor-pointer items-center gap-2 font-medium text-slate-700">
                  <History className="size-4" /> Frühere Versionen ({earlier.length})
                </summary>
                <ul className="mt-3 space-y-2">
                  {earlier.map((p) => (
                    <li key={p.id} className="flex flex-wrap items-start justify-between gap-2 rounded-md bg-slate-50 p-2.5">
                      <div className="min-w-0 flex-1">
                        <p className="text-xs text-slate-500">
                          {when(p, p.createdAt)} · {author(p)}
                          {p.description ? ` · ${p.description}` : ""}
                        </p>
                        <p className="mt-1 line-clamp-2 whitespace-pre-line text-slate-700">{p.systemPrompt}</p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          type="button"
                          size="sm"
                          variant="outline"
                          onClick={() => form.setValue("systemPrompt", p.systemPrompt, { shouldDirty: true })}
                        >
                          In Editor übernehmen
                        </Button>
                        {analysis ? (
                          <Button type="button" size="sm" variant="outline" onClick={() => void activate(p)}>
                            Aktivieren
                          </Button>
                        ) : null}
                      </div>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
