import { Button } from "../../components/ui";
import { cornerLabel } from "./guided-capture";
import type { CapturedPhoto, CapturedView } from "./scanner-machine";

/**
 * The photos of one job in the order they will be sent. Photo 1 is retaken with SPEC's Retake Photo;
 * each corner view has its own Retake and Remove. `actions` is off while a job runs.
 */
export function PhotoStrip({
  photo,
  views,
  errorPhoto,
  actions,
  onRetakeView,
  onRemoveView,
}: {
  photo: CapturedPhoto;
  views: CapturedView[];
  errorPhoto: number | null;
  actions: boolean;
  onRetakeView: (index: number) => void;
  onRemoveView: (index: number) => void;
}) {
  const items = [
    { photo, label: "middle of the pad", view: null as CapturedView | null },
    ...views.map((view) => ({ photo: view.photo, label: cornerLabel(view.corner), view })),
  ];
  return (
    <ol className="sc-photo-strip" aria-label="Photos for this scan" data-testid="sc-photo-strip">
      {items.map((item, index) => {
        const number = index + 1;
        const flagged = errorPhoto === number;
        return (
          <li key={item.photo.url + number} className={`sc-photo${flagged ? " sc-photo-error" : ""}`} data-testid="sc-photo">
            <img src={item.photo.url} alt={`Photo ${number}: ${item.label}`} />
            <span className="sc-photo-caption">
              Photo {number} · {item.label}
              {item.view?.auto ? " · auto" : ""}
              {flagged ? " · needs a retake" : ""}
            </span>
            {actions && item.view ? (
              <span className="sc-photo-actions">
                <Button size="sm" aria-label={`Retake photo ${number}`} onClick={() => onRetakeView(index - 1)} data-testid={`sc-retake-photo-${number}`}>
                  Retake
                </Button>
                <Button size="sm" variant="danger" aria-label={`Remove photo ${number}`} onClick={() => onRemoveView(index - 1)} data-testid={`sc-remove-photo-${number}`}>
                  Remove
                </Button>
              </span>
            ) : null}
          </li>
        );
      })}
    </ol>
  );
}
