/**
 * Card: a bordered surface with an optional heading and footer.
 *
 *   <Card title="Price Breakdown" headingLevel={2} footer={<Button>Save</Button>}>…</Card>
 *
 * `title` renders an <h2> by default (headingLevel 2–4). Other props go to the <section>
 * (aria-labelledby is wired to the heading automatically).
 */
import { useId, type HTMLAttributes, type ReactNode } from "react";

export function Card({
  title,
  headingLevel = 2,
  footer,
  className,
  children,
  ...rest
}: Omit<HTMLAttributes<HTMLElement>, "title"> & { title?: ReactNode; headingLevel?: 2 | 3 | 4; footer?: ReactNode }) {
  const headingId = `card${useId().replace(/:/g, "")}`;
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <section {...rest} className={["card", className ?? ""].filter(Boolean).join(" ")} aria-labelledby={title ? headingId : rest["aria-labelledby"]}>
      {title ? (
        <Heading className="card-title" id={headingId}>
          {title}
        </Heading>
      ) : null}
      <div className="card-body">{children}</div>
      {footer ? <div className="card-footer">{footer}</div> : null}
    </section>
  );
}
