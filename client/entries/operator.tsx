import { hydratePage } from "../hydrate";
import { OperatorPage } from "../islands/admin/operator-page";

hydratePage(OperatorPage);
