// Query keys, cache refresh and the upload helper of the projects area.
import type { QueryClient } from "@tanstack/react-query";
import type { ProjectDto } from "../../common/types";
import type { ProjectSort } from "../../common/schemas/project";
import { apiRequest, getListPage, parseServerMessage, RequestError } from "../lib/api";

export const PROJECTS_KEY = ["/api/projects"] as const;
/** Cards per page of the project list (and of its prefetch, dashboard-preload.ts). */
export const PROJECT_LIST_PAGE_SIZE = 24;

/** One page of the visible projects (GET /api/projects?limit=…&offset=…&q=…&sort=…). */
export interface ProjectPageParams {
  limit: number;
  offset?: number;
  q?: string;
  sort?: ProjectSort;
}

/**
 * Paged list queries live under PROJECTS_KEY, so invalidateProjects refreshes them with the
 * whole list: ["/api/projects", "page", {q, limit, sort}].
 */
export const projectPageKey = (params: Omit<ProjectPageParams, "offset">) => [PROJECTS_KEY[0], "page", params] as const;

export function projectPageUrl({ limit, offset, q, sort }: ProjectPageParams): string {
  const search = new URLSearchParams({ limit: String(limit) });
  if (offset) search.set("offset", String(offset));
  if (q?.trim()) search.set("q", q.trim());
  if (sort) search.set("sort", sort);
  return `${PROJECTS_KEY[0]}?${search}`;
}

export const fetchProjectPage = (params: ProjectPageParams, signal?: AbortSignal) =>
  getListPage<ProjectDto>(projectPageUrl(params), { signal });
export const projectKey = (id: number | string) => [`/api/projects/${id}`] as const;
export const projectFilesKey = (id: number | string) => [`/api/projects/${id}/files`] as const;

export const resultUrl = (id: number) => `/projects/${id}/result`;
export const detailUrl = (id: number) => `/dashboard/project-detail/${id}`;

/** Is this query about that project (its detail, files, …)? */
export const isProjectQuery = (key: unknown, id: number) => {
  const k = String(key ?? "");
  return k === `/api/projects/${id}` || k.startsWith(`/api/projects/${id}/`);
};

/** After any change: every project list (all, per company) and the project's own queries. */
export function invalidateProjects(qc: QueryClient, id?: number) {
  return qc.invalidateQueries({
    predicate: (q) => {
      const key = String(q.queryKey[0] ?? "");
      if (key === PROJECTS_KEY[0]) return true;
      if (/^\/api\/companies\/\d+\/projects$/.test(key)) return true;
      return id !== undefined && isProjectQuery(key, id);
    },
  });
}

export class UploadCancelled extends Error {
  constructor() {
    super("Upload abgebrochen");
  }
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  cancel(): void;
}

/**
 * Multipart upload with progress (fetch has none): XMLHttpRequest with credentials. Errors
 * become RequestError like apiRequest's; a 401 goes through apiRequest so the session-expired
 * redirect and toast are the same everywhere.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (percent: number) => void): UploadHandle<T> {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<T>((resolve, reject) => {
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress((e.loaded / e.total) * 100);
    };
    xhr.onload = () => {
      const body = xhr.responseText || xhr.statusText;
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : null) as T);
        return;
      }
      const { message, errors } = parseServerMessage(body);
      const error = new RequestError(xhr.status, body, message, errors);
      if (xhr.status === 401) {
        // The same 401 handling as every other call (redirect to /auth with the toast).
        apiRequest("GET", "/api/user").catch(() => {});
      }
      reject(error);
    };
    xhr.onerror = () => reject(new Error("Verbindungsfehler"));
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.send(form);
  });
  return { promise, cancel: () => xhr.abort() };
}
