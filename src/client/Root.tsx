import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { queryClient } from "./lib/query-client";
import { DeferredToaster } from "./site/DeferredToaster";
import { App } from "./App";

/** Providers shared by the browser entry and the pre-renderer; the router is given by each. */
export function Root({ router }: { router: (app: ReactNode) => ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {router(
        <>
          <App />
          <DeferredToaster />
        </>,
      )}
    </QueryClientProvider>
  );
}
