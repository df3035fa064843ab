import { useEffect, useState, type MouseEvent } from "react";
import { buttonClass } from "../../../components/ui";
import { API_BASE } from "../../../lib/api";
import { isFresh, saveFrom, saveWithSession, signedLink, type SignedLink } from "../shared/download";

/**
 * The order's CSV as a real link. Its href is a signed URL good for five minutes, so the session
 * token never sits in the page; a click after it went stale fetches a fresh one first.
 */
export function OrderCsvLink({ orderId, orderNumber }: { orderId: number; orderNumber: string }) {
  const [link, setLink] = useState<SignedLink | null>(null);
  const linkPath = `/admin/orders/${orderId}/download-link`;
  const csvPath = `/admin/orders/${orderId}/download-csv`;

  useEffect(() => {
    let cancelled = false;
    signedLink(linkPath)
      .then((answer) => !cancelled && setLink(answer))
      .catch((error) => console.warn("Signed CSV link failed", error));
    return () => {
      cancelled = true;
    };
  }, [linkPath]);

  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (isFresh(link)) return;
    event.preventDefault();
    try {
      const fresh = await signedLink(linkPath);
      setLink(fresh);
      saveFrom(fresh.url);
    } catch {
      await saveWithSession(csvPath).catch((error) => console.warn("CSV download failed", error));
    }
  };

  return (
    <a
      className={buttonClass("secondary")}
      href={link?.url ?? `${API_BASE}${csvPath}`}
      download={`${orderNumber}.csv`}
      onClick={(event) => void onClick(event)}
      data-testid="order-detail-csv"
    >
      Download CSV
    </a>
  );
}
