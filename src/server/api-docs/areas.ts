// Tags of the API description: one per product area, chosen from the URL (first match wins), and
// the routes that work without a session (documented without the cookie requirement).
const AREAS: { tag: string; description: string; match: RegExp }[] = [
  {
    tag: "Anmeldung",
    description: "Anmelden (Passwort, zweiter Faktor, Passkey), Abmelden, Registrieren",
    match: /^\/api\/(login|logout|register|password-reset)(\/|$)/,
  },
  { tag: "Konto", description: "Eigenes Konto: Profil, Passwort, Sitzungen, zweiter Faktor, Passkeys", match: /^\/api\/user(\/|$)/ },
  { tag: "Registrierungslinks", description: "Einladungen per Registrierungslink", match: /^\/api\/registration-links(\/|$)/ },
  { tag: "Benutzer", description: "Benutzerverwaltung durch Firmen- und Systemadministratoren", match: /^\/api\/users(\/|$)/ },
  {
    tag: "Als Benutzer ansehen",
    description: "Systemadministratoren sehen die Anwendung als ein anderer Benutzer",
    match: /^\/api\/(impersonate|stop-impersonation)(\/|$)/,
  },
  {
    tag: "Chatbot",
    description: "Assistenten, Gesprächsverläufe, Wissensdatenbank, Prompts und Kontingente",
    match: /^\/api\/(chatbot(\/|$)|companies\/[^/]+\/chatbot-)/,
  },
  {
    tag: "Leistungsverzeichnis",
    description:
      "Gelesenes Leistungsverzeichnis, Expertenprüfung der Befunde, Spaltenzuordnung, Auswertungsentwurf, Export, Analyse-Prompts, Richtwerte und hängende Einlesungen",
    match: /^\/api\/(projects\/[^/]+\/(boq|evaluation-draft|findings)|analysis-prompts|reference-prices|findings|admin\/readings)(\/|$)/,
  },
  {
    tag: "Projekte",
    description: "Projekte (Aufträge), Ausschreibungsdateien und Auswertungen",
    match: /^\/api\/(projects(\/|$)|orders\/|companies\/[^/]+\/projects$)/,
  },
  { tag: "Firmen", description: "Firmen, Logos und Sicherheitsvorgaben", match: /^\/api\/companies(\/|$)/ },
  { tag: "Einrichtung", description: "Einrichtungsschritte des Betreibers", match: /^\/api\/setup-status$/ },
  {
    tag: "Anfragen",
    description: "Kontaktformular und Mitgliedschaftsanfragen",
    match: /^\/api\/(contact|membership-request|inquiries)(\/|$)/,
  },
];

export const AREA_TAGS = AREAS.map(({ tag, description }) => ({ name: tag, description }));

/** The area of an API URL in OpenAPI form (/api/projects/{id}) or Fastify form (/api/projects/:id). */
export function areaTag(url: string): string {
  return AREAS.find((a) => a.match.test(url))?.tag ?? "Sonstiges";
}

/** Routes open without a session: sign-in, registration, the public forms. */
const PUBLIC_ROUTES =
  /^\/api\/(login(\/mfa|\/passkey(\/options)?)?|register|password-reset\/(available|request|confirm)|registration-links\/[^/]+\/validate|contact|membership-request)$/;

export const isPublicRoute = (url: string) => PUBLIC_ROUTES.test(url);
