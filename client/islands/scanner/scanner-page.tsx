import { href } from "../../routes";
import { CLASSIC_PARAMETERS } from "./scan-parameters";
import { ScannerFlow } from "./scanner-flow";

export function ScannerPage() {
  return (
    <ScannerFlow
      variant="classic"
      title="Tool Scanner"
      parameters={CLASSIC_PARAMETERS}
      returnPath={href("/scanner")}
      intro={
        <p>
          Photograph a tool on the printed calibration pad and get its true-scale outline for a foam pocket. Scanning works
          without an account; sending photos for processing needs you to sign in. Prefer a learned model? Try the{" "}
          <a href={href("/scanner-ai")}>AI Scanner</a>.
        </p>
      }
    />
  );
}
