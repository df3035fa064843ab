import { href } from "../../routes";
import { AI_PARAMETERS } from "./scan-parameters";
import { ScannerFlow } from "./scanner-flow";

export function ScannerAiPage() {
  return (
    <ScannerFlow
      variant="ai"
      title="AI Tool Scanner"
      parameters={AI_PARAMETERS}
      returnPath={href("/scanner-ai")}
      intro={
        <p>
          The same pad and flow as the <a href={href("/scanner")}>classic scanner</a>, with a segmentation model that copes
          better with busy or low-contrast tools. Tune the confidence and post-morph settings in the review.
        </p>
      }
    />
  );
}
