import { hydratePage } from "../hydrate";
import { ToolLayoutPage } from "../islands/layout/tool-layout-page";

hydratePage(ToolLayoutPage);
