import { quoteLines, QUOTE_SUBJECT, type QuoteInput } from "./quote";

/**
 * The quote as printed (hidden on screen, see client/styles/03-print.css): the same lines as the
 * e-mail draft, as a two-column table. `showDate` is false until mount so server and client agree.
 */
export function PrintQuote({ quote, showDate }: { quote: QuoteInput; showDate: boolean }) {
  const lines = quoteLines(quote)
    .slice(2)
    .filter((line) => line !== "");
  return (
    <section className="print-quote print-only">
      <h1>{QUOTE_SUBJECT}</h1>
      <p className="print-date">{showDate ? new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" }) : ""}</p>
      <table>
        <tbody>
          {lines.map((line, index) => {
            const at = line.indexOf(": ");
            if (at < 0) {
              return (
                <tr key={index}>
                  <th colSpan={2} className="print-section">
                    {line}
                  </th>
                </tr>
              );
            }
            return (
              <tr key={index} className={line.startsWith("Total:") ? "print-total" : undefined}>
                <th scope="row">{line.slice(0, at)}</th>
                <td>{line.slice(at + 2)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="print-note">Rough estimate for a custom foam insert; the confirmed quote follows your order.</p>
    </section>
  );
}
