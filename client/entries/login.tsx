import { hydratePage } from "../hydrate";
import { LoginPage } from "../pages/login-page";

hydratePage(LoginPage);
