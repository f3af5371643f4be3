// Invitation links as the spec writes them ({origin}/auth?token=…) and copying them with the
// toasts of requirements 1.8 and requirements 2.8.
import { toast } from "../hooks/use-toast";

export const invitationLink = (token: string) => `${window.location.origin}/auth?token=${encodeURIComponent(token)}`;

/** The link as selectable text, so it can always be copied by hand. */
export const LinkText = ({ link }: { link: string }) => (
  <code className="mt-1 block select-all break-all rounded bg-black/10 px-1.5 py-1 font-mono text-xs" data-testid="invitation-link">
    {link}
  </code>
);

/** Copies the link; on failure (no clipboard access) the toast shows the link to copy by hand. */
export async function copyLink(link: string, successTitle: "Link kopiert!" | "Link kopiert") {
  try {
    if (!navigator.clipboard) throw new Error("no clipboard");
    await navigator.clipboard.writeText(link);
    toast({ title: successTitle, description: "Der Einladungslink ist in der Zwischenablage." });
  } catch {
    toast({
      title: "Fehler beim Kopieren",
      description: (
        <>
          Bitte kopieren Sie den Link manuell.
          <LinkText link={link} />
        </>
      ),
      variant: "destructive",
      duration: 10_000,
    });
  }
}
