import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

// Spec/01 section 7: fresh for 5 minutes, no retry, no refetch on focus, no polling.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      staleTime: 5 * 60_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
    },
    mutations: { retry: false },
  },
});
