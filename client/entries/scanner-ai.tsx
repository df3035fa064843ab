import { hydratePage } from "../hydrate";
import { ScannerAiPage } from "../islands/scanner/scanner-ai-page";

hydratePage(ScannerAiPage);
