import { createContext } from "react";
import { loadPaperRenderer, type RendererFactory } from "./render/renderer";

/** The drawing backend; component tests provide a stub instead of paper.js. */
export const EditorRendererContext = createContext<RendererFactory>(loadPaperRenderer);
