import { hydratePage } from "../hydrate";
import { ScannerPage } from "../islands/scanner/scanner-page";

hydratePage(ScannerPage);
