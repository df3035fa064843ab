import { useCallback, useSyncExternalStore } from "react";

export const ADMIN_TABS = [
  { id: "orders", label: "Orders" },
  { id: "operator", label: "Operator" },
  { id: "catalog", label: "Catalog" },
  { id: "calculator", label: "Calculator" },
  { id: "users", label: "Users" },
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number]["id"];

const DEFAULT_TAB: AdminTab = "orders";
const CHANGE_EVENT = "adm:tabchange";

function isTab(value: string | null): value is AdminTab {
  return ADMIN_TABS.some((tab) => tab.id === value);
}

function readTab(): AdminTab {
  const value = new URLSearchParams(window.location.search).get("tab");
  return isTab(value) ? value : DEFAULT_TAB;
}

function subscribe(onChange: () => void) {
  window.addEventListener("popstate", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("popstate", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

/**
 * The active tab lives in the URL (?tab=operator) so reload and Back keep it. The server snapshot is
 * the default tab, so the hydrated first render matches the server's HTML.
 */
export function useAdminTab(): [AdminTab, (tab: AdminTab) => void] {
  const tab = useSyncExternalStore(subscribe, readTab, () => DEFAULT_TAB);
  const select = useCallback((next: AdminTab) => {
    if (next === readTab()) return;
    const url = new URL(window.location.href);
    if (next === DEFAULT_TAB) url.searchParams.delete("tab");
    else url.searchParams.set("tab", next);
    window.history.pushState({ tab: next }, "", url);
    window.dispatchEvent(new Event(CHANGE_EVENT));
  }, []);
  return [tab, select];
}
