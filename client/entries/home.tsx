import { hydratePage } from "../hydrate";
import { HomePage } from "../pages/home-page";

hydratePage(HomePage);
