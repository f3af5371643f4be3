// The demo dashboard's data (requirements 1.3): hard-coded, read-only, no network. Creation
// times are given as ages so the relative times read naturally whenever the demo is opened.

export type DemoStatus = "Neu" | "In Review" | "Aktiv" | "Abgeschlossen";

export interface DemoProject {
  id: number;
  name: string;
  /** KST-YYYY-NNNN */
  costCenter: string;
  contactPerson: string;
  contactEmail: string;
  description: string;
  pdfPath: null;
  htmlPath: null;
  companyName: string;
  status: DemoStatus;
  companyId: number;
  createdBy: number;
  createdAt: Date;
  creatorName: string | null;
  creatorLastName: string | null;
  creatorUsername: string | null;
}

export interface DemoUser {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  role: "Administrator" | "Benutzer";
  status: "Aktiv" | "Inaktiv";
}

export interface DemoDocument {
  id: number;
  projectId: number;
  fileName: string;
  kind: string;
  size: string;
}

export interface DemoStats {
  activeProjects: number;
  teamMembers: number;
  documents: number;
}

export interface DemoData {
  projects: DemoProject[];
  users: DemoUser[];
  documents: DemoDocument[];
  stats: DemoStats;
  activities: never[];
}

export const DEMO_COMPANY = { id: 1, name: "Musterbau GmbH" };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PROJECTS: (Omit<DemoProject, "createdAt" | "pdfPath" | "htmlPath" | "companyName" | "companyId"> & { ageMs: number })[] = [
  {
    id: 1,
    name: "Neubau Kindertagesstätte Lindenweg",
    costCenter: "KST-2025-0142",
    contactPerson: "Max Mustermann",
    contactEmail: "m.mustermann@musterbau.example",
    description:
      "Rohbau- und Ausbauarbeiten für eine viergruppige Kita in Holz-Hybridbauweise. LV mit 195 Positionen als GAEB X84, Angebotsabgabe in zehn Tagen.",
    status: "In Review",
    createdBy: 1,
    creatorName: "Max",
    creatorLastName: "Mustermann",
    creatorUsername: "m.mustermann",
    ageMs: 35 * MINUTE,
  },
  {
    id: 2,
    name: "Wohnanlage Gartenstraße, 24 WE",
    costCenter: "KST-2025-0151",
    contactPerson: "Erika Musterfrau",
    contactEmail: "e.musterfrau@musterbau.example",
    description:
      "Mehrfamilienhaus mit Tiefgarage, Los 1 Rohbau einschließlich Abdichtung der erdberührten Bauteile. LV mit 27 Positionen und Angebotspreisen.",
    status: "In Review",
    createdBy: 2,
    creatorName: "Erika",
    creatorLastName: "Musterfrau",
    creatorUsername: "e.musterfrau",
    ageMs: 5 * HOUR,
  },
  {
    id: 3,
    name: "Sanierung Grundschule Am Park",
    costCenter: "KST-2025-0137",
    contactPerson: "Jonas Beispiel",
    contactEmail: "j.beispiel@musterbau.example",
    description:
      "Innensanierung im laufenden Schulbetrieb: Klassenräume, Flure und Treppenhaus, Ausführung in den Ferien. Projekt angelegt – das Leistungsverzeichnis folgt mit der Vergabebekanntmachung.",
    status: "Neu",
    createdBy: 1,
    creatorName: "Max",
    creatorLastName: "Mustermann",
    creatorUsername: "m.mustermann",
    ageMs: 2 * DAY + 3 * HOUR,
  },
  {
    id: 4,
    name: "Erweiterung Verwaltungsgebäude Nord",
    costCenter: "KST-2025-0129",
    contactPerson: "Max Mustermann",
    contactEmail: "m.mustermann@musterbau.example",
    description:
      "Dreigeschossiger Anbau in Stahlbetonskelettbauweise mit Sichtbetonflächen SB 3. LV Rohbau Untergeschoss, Auswertung liegt vor.",
    status: "Aktiv",
    createdBy: 3,
    creatorName: "Jonas",
    creatorLastName: "Beispiel",
    creatorUsername: "j.beispiel",
    ageMs: 6 * DAY,
  },
  {
    id: 5,
    name: "Umbau Feuerwehrgerätehaus",
    costCenter: "KST-2024-0418",
    contactPerson: "Erika Musterfrau",
    contactEmail: "e.musterfrau@musterbau.example",
    description: "Umbau und Erweiterung der Fahrzeughalle um zwei Stellplätze, Abbruch- und Rohbauarbeiten einschließlich Bodenplatte.",
    status: "Abgeschlossen",
    createdBy: 7,
    creatorName: null,
    creatorLastName: null,
    creatorUsername: null,
    ageMs: 12 * DAY,
  },
];

const USERS: DemoUser[] = [
  {
    id: 1,
    firstName: "Max",
    lastName: "Mustermann",
    email: "m.mustermann@musterbau.example",
    username: "m.mustermann",
    role: "Administrator",
    status: "Aktiv",
  },
  {
    id: 2,
    firstName: "Erika",
    lastName: "Musterfrau",
    email: "e.musterfrau@musterbau.example",
    username: "e.musterfrau",
    role: "Benutzer",
    status: "Aktiv",
  },
  {
    id: 3,
    firstName: "Jonas",
    lastName: "Beispiel",
    email: "j.beispiel@musterbau.example",
    username: "j.beispiel",
    role: "Benutzer",
    status: "Aktiv",
  },
  {
    id: 4,
    firstName: "Laura",
    lastName: "Probe",
    email: "l.probe@musterbau.example",
    username: "l.probe",
    role: "Benutzer",
    status: "Inaktiv",
  },
];

const DOCUMENTS: DemoDocument[] = [
  { id: 1, projectId: 1, fileName: "LV_Kita_Lindenweg.x84", kind: "GAEB X84", size: "87 KB" },
  { id: 2, projectId: 2, fileName: "LV_Rohbau_Gartenstrasse.x83", kind: "GAEB X83", size: "64 KB" },
  { id: 3, projectId: 4, fileName: "Auswertung_Verwaltung_Nord.html", kind: "Auswertung", size: "1,1 MB" },
  { id: 4, projectId: 5, fileName: "Auswertung_Feuerwehrgeraetehaus.html", kind: "Auswertung", size: "620 KB" },
];

/** The demo's data as of `now` (the moment the demo was opened). */
export function createDemoData(now: Date): DemoData {
  const projects = PROJECTS.map(({ ageMs, ...p }) => ({
    ...p,
    pdfPath: null,
    htmlPath: null,
    companyName: DEMO_COMPANY.name,
    companyId: DEMO_COMPANY.id,
    createdAt: new Date(now.getTime() - ageMs),
  }));
  return {
    projects,
    users: USERS,
    documents: DOCUMENTS,
    stats: { activeProjects: projects.length, teamMembers: USERS.length, documents: DOCUMENTS.length },
    activities: [],
  };
}

/** The signed-in person the demo shows. */
export const DEMO_ME = USERS[0];

/** Creator as the project shows it; without a name 'Benutzer' followed by the creator's id. */
export const creatorLabel = (p: DemoProject) =>
  p.creatorName || p.creatorLastName
    ? [p.creatorName, p.creatorLastName].filter(Boolean).join(" ")
    : (p.creatorUsername ?? `Benutzer ${p.createdBy}`);

/** Case-insensitive, trimmed search over name, company, description and status. */
export function searchProjects(projects: DemoProject[], query: string): DemoProject[] {
  const q = query.trim().toLowerCase();
  if (!q) return projects;
  return projects.filter((p) => [p.name, p.companyName, p.description, p.status].some((v) => v.toLowerCase().includes(q)));
}

/** Newest first. */
export const recentProjects = (projects: DemoProject[], count = 3) =>
  [...projects].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, count);
