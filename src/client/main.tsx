import { startTransition } from "react";
import { BrowserRouter } from "react-router";
import "./styles.css";

// React DOM and the app are separate chunks, so the browser evaluates them in separate tasks
// instead of one long one (the landing page's main-thread budget on phones).
const [{ createRoot, hydrateRoot }, { Root }] = await Promise.all([import("react-dom/client"), import("./Root")]);

const container = document.getElementById("root")!;
const tree = <Root router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;

// Pre-rendered public pages are hydrated; every other page renders into the empty shell. The
// hydration runs as a transition so React can yield to the browser between parts of the page
// (a blocking hydration of the whole landing page is one long task on phones).
if (container.firstElementChild) startTransition(() => void hydrateRoot(container, tree));
else createRoot(container).render(tree);
