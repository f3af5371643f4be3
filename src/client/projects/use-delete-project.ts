// Deleting a project with the toasts of requirements 1.8.
import { useState } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { toast } from "../hooks/use-toast";
import { apiRequest, RequestError } from "../lib/api";
import { invalidateProjects, isProjectQuery } from "./project-api";

/**
 * Drops the deleted project's cached queries (detail, files, LV …) once nothing shows them any
 * more. Removing a query a mounted page still observes would make that page fetch it again in its
 * next render — a request for a project that no longer exists (404).
 */
function dropWhenUnused(qc: QueryClient, id: number) {
  const cache = qc.getQueryCache();
  for (const query of cache.findAll({ predicate: (q) => isProjectQuery(q.queryKey[0], id) })) {
    if (query.getObserversCount() === 0) {
      cache.remove(query);
      continue;
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query || event.type !== "observerRemoved" || query.getObserversCount() > 0) return;
      unsubscribe();
      cache.remove(query);
    });
  }
}

/** `context` "detail": a failure shows the server message or 'Fehler beim Löschen des Projekts'. */
export function useDeleteProject(context: "list" | "detail" = "list") {
  const qc = useQueryClient();
  const [pending, setPending] = useState(false);
  /** `onDeleted` runs before the project's cached queries are dropped (e.g. to navigate away). */
  const remove = async (id: number, onDeleted?: () => void): Promise<boolean> => {
    setPending(true);
    try {
      await apiRequest("DELETE", `/api/projects/${id}`);
      toast({ title: "Projekt gelöscht", description: "Das Projekt wurde erfolgreich gelöscht." });
      await qc.cancelQueries({ predicate: (q) => isProjectQuery(q.queryKey[0], id) });
      onDeleted?.();
      dropWhenUnused(qc, id);
      await invalidateProjects(qc);
      return true;
    } catch (err) {
      if (err instanceof RequestError) {
        const fallback = context === "detail" ? "Fehler beim Löschen des Projekts" : "Das Projekt konnte nicht gelöscht werden";
        toast({ title: "Fehler beim Löschen", description: err.serverMessage ?? fallback, variant: "destructive" });
      } else {
        toast({ title: "Fehler", description: "Ein unerwarteter Fehler ist aufgetreten", variant: "destructive" });
      }
      return false;
    } finally {
      setPending(false);
    }
  };
  return { remove, pending };
}
