import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { Root } from "./Root";
import "./styles.css";

const container = document.getElementById("root")!;
const tree = <Root router={(app) => <BrowserRouter>{app}</BrowserRouter>} />;

// Pre-rendered public pages are hydrated; every other page renders into the empty shell.
if (container.firstElementChild) hydrateRoot(container, tree);
else createRoot(container).render(tree);
