import { hydratePage } from "../hydrate";
import { ProjectPage } from "../pages/project-page";

hydratePage(ProjectPage);
