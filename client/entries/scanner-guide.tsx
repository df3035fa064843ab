import { hydratePage } from "../hydrate";
import { ScannerGuidePage } from "../pages/scanner-guide-page";

hydratePage(ScannerGuidePage);
