import { hydratePage } from "../hydrate";
import { CalculatorPage } from "../pages/calculator-page";

hydratePage(CalculatorPage);
