import { useState } from "react";

type Pt = [number, number];

/** The processed image with the traced outline drawn over it in the image's own pixel space. */
export function ContourFigure({
  src,
  points,
  showContour,
  alt,
  busy,
}: {
  src: string;
  points: Pt[];
  showContour: boolean;
  alt: string;
  busy?: boolean;
}) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const polyline = points.map(([x, y]) => `${x},${y}`).join(" ");
  return (
    <figure className="sc-figure" aria-busy={busy || undefined}>
      <img
        className="sc-figure-image"
        src={src}
        alt={alt}
        data-testid="sc-processed-image"
        onLoad={(event) => setSize({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })}
      />
      {showContour && size && points.length > 1 ? (
        <svg
          className="sc-contour"
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          aria-hidden="true"
          data-testid="sc-contour-overlay"
        >
          <polygon points={polyline} vectorEffect="non-scaling-stroke" />
        </svg>
      ) : null}
    </figure>
  );
}
