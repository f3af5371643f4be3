// Titles and descriptions of every route the site's metadata names (requirements 1.2:
// brand suffix, descriptive titles). Used by the pre-renderer and, on the client, by
// useRouteMeta and usePageTitle.
/** Descriptive page titles (without the brand suffix) for usePageTitle on every screen. */
export const PAGE_TITLES = {
  home: "KI-gestützte LV-Analyse für Bauunternehmen",
  contact: "Kontakt",
  impressum: "Impressum",
  agb: "Allgemeine Geschäftsbedingungen",
  datenschutz: "Datenschutzerklärung",
  passwordReset: "Passwort zurücksetzen",
  auth: "Anmelden",
  dashboard: "Dashboard",
  projects: "Projekte",
  projectDetail: "Projektdetails",
  users: "Benutzerverwaltung",
  chatbotLegal: "Baurecht Assistent",
  chatbotConstruction: "Bauausführung Assistent",
} as const;

export interface RouteMeta {
  path: string;
  title: string;
  description: string;
}

/** Every route the metadata names (the dashboard routes are not indexed: robots.txt). */
export const ROUTE_META: RouteMeta[] = [
  {
    path: "/",
    title: PAGE_TITLES.home,
    description:
      "bauklar prüft Ihre Leistungsverzeichnisse Position für Position: unklare Positionen, Nachtragspotenzial und Kalkulationsrisiken – Auswertung in 48 Stunden, als GAEB X83/X84 oder PDF.",
  },
  {
    path: "/kontakt",
    title: PAGE_TITLES.contact,
    description:
      "Fragen zu den Paketen oder eine Testanalyse anfragen: Das bauklar-Team ist Mo–Fr von 09:00 bis 18:00 Uhr für Sie erreichbar.",
  },
  {
    path: "/impressum",
    title: PAGE_TITLES.impressum,
    description: "Impressum der bauklar Plattform: Anbieter, Vertretung, Kontakt, Umsatzsteuer-ID und Haftungshinweise.",
  },
  {
    path: "/agb",
    title: PAGE_TITLES.agb,
    description: "Allgemeine Geschäftsbedingungen der bauklar Plattform für LV-Analysen und Chatbots (Stand: 26. Mai 2025).",
  },
  {
    path: "/datenschutz",
    title: PAGE_TITLES.datenschutz,
    description:
      "Datenschutzerklärung der bauklar Plattform: welche Daten wir speichern, wozu, wie lange, an wen sie gehen und welche Rechte Sie haben.",
  },
  { path: "/auth", title: PAGE_TITLES.auth, description: "Anmeldung und Registrierung per Einladungslink für die bauklar Plattform." },
  { path: "/dashboard", title: PAGE_TITLES.dashboard, description: "Übersicht über Ihre neuesten Projekte und Auswertungen." },
  {
    path: "/dashboard/projects",
    title: PAGE_TITLES.projects,
    description: "Alle Projekte Ihres Unternehmens mit Ausschreibungen und Auswertungen.",
  },
  {
    path: "/dashboard/projects/:projectId",
    title: PAGE_TITLES.projectDetail,
    description: "Projektdaten, Ausschreibungsdatei und Auswertung eines Projekts.",
  },
  { path: "/dashboard/users", title: PAGE_TITLES.users, description: "Benutzer Ihres Unternehmens verwalten und einladen." },
  {
    path: "/dashboard/chatbot-legal",
    title: PAGE_TITLES.chatbotLegal,
    description: "KI-Assistent für Fragen zum Baurecht: VOB/B und BGB-Werkvertragsrecht.",
  },
  {
    path: "/dashboard/chatbot-construction",
    title: PAGE_TITLES.chatbotConstruction,
    description: "KI-Assistent für Fragen zur Bauausführung im Hochbau.",
  },
];

export const routeMeta = (path: string) => ROUTE_META.find((m) => m.path === path);
