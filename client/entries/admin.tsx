import { hydratePage } from "../hydrate";
import { AdminPage } from "../islands/admin/admin-page";

hydratePage(AdminPage);
