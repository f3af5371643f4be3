import { useQueryClient } from "@tanstack/react-query";
import { apiRequest, errorMessage } from "../lib/api";
import { clearSession } from "../lib/session";
import { toast } from "./use-toast";

/** Logout: clear caches and markers, toast 'Abgemeldet', start page after 500 ms. */
export function useLogout() {
  const qc = useQueryClient();
  return async () => {
    try {
      await apiRequest("POST", "/api/logout");
      qc.clear();
      clearSession();
      toast({ title: "Abgemeldet", description: "Sie wurden erfolgreich abgemeldet." });
      window.setTimeout(() => window.location.assign("/"), 500);
    } catch (err) {
      toast({ title: "Abmeldung fehlgeschlagen", description: errorMessage(err, "Unbekannter Fehler"), variant: "destructive" });
    }
  };
}
