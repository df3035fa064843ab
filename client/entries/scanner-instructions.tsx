import { hydratePage } from "../hydrate";
import { ScannerInstructionsPage } from "../pages/scanner-instructions-page";

hydratePage(ScannerInstructionsPage);
