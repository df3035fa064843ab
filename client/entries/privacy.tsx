import { hydratePage } from "../hydrate";
import { PrivacyPage } from "../pages/privacy-page";

hydratePage(PrivacyPage);
