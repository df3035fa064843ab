import { ButtonLink } from "../components/ui/button";
import { href } from "../routes";

export function NotFoundPage() {
  return (
    <div className="page page-narrow">
      <header className="page-header">
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
      </header>
      <div className="actions">
        <ButtonLink href={href("/")} variant="primary">
          Go to the home page
        </ButtonLink>
        <ButtonLink href={href("/calculator")}>Open Calculator</ButtonLink>
      </div>
    </div>
  );
}
