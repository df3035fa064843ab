/** Server-side map of every page component (the browser loads one entry per page instead). */
import type { ComponentType } from "react";
import type { PageName } from "./routes";
import { HomePage } from "./pages/home-page";
import { CalculatorPage } from "./pages/calculator-page";
import { ScannerPage } from "./islands/scanner/scanner-page";
import { ScannerAiPage } from "./islands/scanner/scanner-ai-page";
import { ToolLayoutPage } from "./islands/layout/tool-layout-page";
import { FoamEditorPage } from "./islands/editor/foam-editor-page";
import { ShopPage } from "./pages/shop-page";
import { AboutPage } from "./pages/about-page";
import { DashboardPage } from "./pages/dashboard-page";
import { ProjectPage } from "./pages/project-page";
import { AdminPage } from "./islands/admin/admin-page";
import { OperatorPage } from "./islands/admin/operator-page";
import { LoginPage } from "./pages/login-page";
import { PrivacyPage } from "./pages/privacy-page";
import { TermsPage } from "./pages/terms-page";
import { ScannerGuidePage } from "./pages/scanner-guide-page";
import { ScannerInstructionsPage } from "./pages/scanner-instructions-page";
import { NotFoundPage } from "./pages/not-found-page";

export const PAGE_COMPONENTS: Record<PageName, ComponentType> = {
  "home": HomePage,
  "calculator": CalculatorPage,
  "scanner": ScannerPage,
  "scanner-ai": ScannerAiPage,
  "scanner-layout": ToolLayoutPage,
  "foam-editor": FoamEditorPage,
  "shop": ShopPage,
  "about": AboutPage,
  "dashboard": DashboardPage,
  "project": ProjectPage,
  "admin": AdminPage,
  "operator": OperatorPage,
  "login": LoginPage,
  "privacy": PrivacyPage,
  "terms": TermsPage,
  "scanner-guide": ScannerGuidePage,
  "scanner-instructions": ScannerInstructionsPage,
  "not-found": NotFoundPage,
};
