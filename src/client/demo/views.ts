/** The views of the demo dashboard (switched in the page, never by route). */
export const DEMO_VIEWS = [
  "dashboard",
  "projects",
  "project-details",
  "project-lv",
  "users",
  "documents",
  "settings",
  "chatbot-legal",
  "chatbot-construction",
  "activity",
] as const;
export type DemoView = (typeof DEMO_VIEWS)[number];
