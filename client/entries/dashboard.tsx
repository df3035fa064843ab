import { hydratePage } from "../hydrate";
import { DashboardPage } from "../pages/dashboard-page";

hydratePage(DashboardPage);
