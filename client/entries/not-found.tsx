import { hydratePage } from "../hydrate";
import { NotFoundPage } from "../pages/not-found-page";

hydratePage(NotFoundPage);
