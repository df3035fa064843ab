import { hydratePage } from "../hydrate";
import { AboutPage } from "../pages/about-page";

hydratePage(AboutPage);
