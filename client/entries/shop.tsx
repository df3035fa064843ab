import { hydratePage } from "../hydrate";
import { ShopPage } from "../pages/shop-page";

hydratePage(ShopPage);
