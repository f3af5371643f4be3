// A dashboard URL opened directly (bookmark, reload) used to load one link after the other: main
// chunk → route guard → /api/user → shell chunk → page chunk → page data. Here the chunks and the
// signed-in user are requested at once, and the project list's first page as soon as the user is
// known, so the first cards appear after the slowest link rather than after their sum
// (issue 16: first card of /dashboard/projects < 1 s with 10 000 projects).
import type { CurrentUser } from "../../common/types";
import { USER_KEY } from "../hooks/use-current-user";
import { getQueryFn } from "../lib/api";
import { queryClient } from "../lib/query-client";
import { pagedListQuery } from "../lib/use-paged-list";
import { PROJECT_LIST_PAGE_SIZE, PROJECTS_KEY } from "../projects/project-api";

/** The page chunks worth starting early (the others load as before). */
const PAGE_CHUNKS: Record<string, () => Promise<unknown>> = {
  "/dashboard": () => import("../dashboard/OverviewPage"),
  "/dashboard/projects": () => import("../projects/ProjectListPage"),
};

export function preloadDashboard(pathname: string): void {
  const path = pathname.replace(/\/+$/, "") || "/";
  void import("./ProtectedRoute");
  void import("./DashboardShell");
  void PAGE_CHUNKS[path]?.();
  const user = queryClient
    .fetchQuery({ queryKey: USER_KEY, queryFn: getQueryFn<CurrentUser | null>({ on401: "returnNull" }) })
    .catch(() => null);
  if (path !== "/dashboard/projects") return;
  // Only for a signed-in user: a visitor is sent to /auth by the route guard, not by this read.
  void user.then((u) =>
    u ? queryClient.prefetchInfiniteQuery(pagedListQuery(PROJECTS_KEY[0], { limit: PROJECT_LIST_PAGE_SIZE })) : undefined,
  );
}
