import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Root } from "./Root";
import "./styles.css";

const container = document.getElementById("root")!;
// Dashboard pages: chunks, user and first data in parallel (not loaded for public pages).
if (location.pathname.startsWith("/dashboard"))
  void import("./layout/dashboard-preload").then((m) => m.preloadDashboard(location.pathname));
const tree = <Root router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;

// Pre-rendered public pages are hydrated; every other page renders into the empty shell. The
// hydration runs as a transition so React can yield to the browser between parts of the page
// (a blocking hydration of the whole landing page is one long task on phones).
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, tree));
else createRoot(container).render(tree);
