import { hydratePage } from "../hydrate";
import { TermsPage } from "../pages/terms-page";

hydratePage(TermsPage);
