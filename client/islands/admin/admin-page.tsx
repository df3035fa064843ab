import { Tabs } from "../../components/ui";
import { CatalogPanel } from "./catalog/catalog-panel";
import { MaterialsPanel } from "./materials/materials-panel";
import { MetricsStrip } from "./metrics-strip";
import { OperatorPanel } from "./operator/operator-panel";
import { OrdersPanel } from "./orders/orders-panel";
import { ADMIN_TABS, useAdminTab, type AdminTab } from "./use-admin-tab";
import { UsersPanel } from "./users/users-panel";

const PANELS: Record<AdminTab, () => React.ReactNode> = {
  orders: () => <OrdersPanel />,
  operator: () => <OperatorPanel />,
  catalog: () => <CatalogPanel />,
  calculator: () => <MaterialsPanel />,
  users: () => <UsersPanel />,
};

/** The admin console (SPEC section 2): header, metrics strip and the five tabs, the active one kept in ?tab=. */
export function AdminPage() {
  const [tab, setTab] = useAdminTab();
  return (
    <section className="page adm-page" aria-labelledby="adm-title">
      <header className="adm-header">
        <div>
          <h1 id="adm-title">Admin Console</h1>
          <p className="adm-subtitle">Orders, production, catalog, calculator materials and users in one place.</p>
        </div>
      </header>
      <MetricsStrip />
      <Tabs
        className="adm-tabs"
        label="Admin sections"
        idPrefix="adm"
        value={tab}
        onChange={(id) => setTab(id as AdminTab)}
        tabs={ADMIN_TABS.map((entry) => ({ id: entry.id, label: entry.label, content: entry.id === tab ? PANELS[entry.id]() : null }))}
      />
    </section>
  );
}
