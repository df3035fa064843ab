import { hydratePage } from "../hydrate";
import { FoamEditorPage } from "../islands/editor/foam-editor-page";

hydratePage(FoamEditorPage);
