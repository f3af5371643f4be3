// Every client route (requirements 1.2 and 2.2). The server answers unknown paths with the
// not-found page and status 404; the client router (src/client/App.tsx) has one page per path here.
export const PUBLIC_PAGES = ["/", "/auth", "/impressum", "/agb", "/datenschutz", "/passwort-zuruecksetzen"] as const;

export const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/projects",
  "/dashboard/projects/:projectId",
  "/dashboard/project-detail/:projectId",
  "/dashboard/users",
  "/dashboard/orders",
  "/dashboard/companies",
  "/dashboard/registration-links",
  "/dashboard/inquiries",
  "/dashboard/settings",
  "/dashboard/chatbot-legal",
  "/dashboard/chatbot-construction",
  "/dashboard/chatbot-database",
  "/dashboard/rule-precision",
] as const;

export const OTHER_PAGES = ["/projects/:id/result"] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];
export type DashboardPage = (typeof DASHBOARD_PAGES)[number];
export type OtherPage = (typeof OTHER_PAGES)[number];

const toRegex = (pattern: string) => new RegExp(`^${pattern.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`);

const ALL = [...PUBLIC_PAGES, ...DASHBOARD_PAGES, ...OTHER_PAGES].map(toRegex);

export const isKnownPage = (path: string) => ALL.some((re) => re.test(path));
