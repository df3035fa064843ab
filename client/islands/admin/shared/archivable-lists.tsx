import type { ReactNode } from "react";
import { Button, EmptyState, LoadingText } from "../../../components/ui";

type Item = { id: number; name: string; is_active: boolean };

/** The 'active' list (Edit, Hide) and the Archive list (Reopen) shared by Catalog and Calculator settings. */
export function ArchivableLists<T extends Item>({
  kind,
  activeTitle,
  items,
  loading,
  loadingText,
  emptyText,
  editingId,
  busyId,
  describe,
  onEdit,
  onHide,
  onReopen,
}: {
  kind: "product" | "material";
  activeTitle: string;
  items: T[] | null;
  loading: boolean;
  loadingText: string;
  emptyText: string;
  editingId: number | null;
  busyId: number | null;
  describe: (item: T) => ReactNode;
  onEdit: (item: T) => void;
  onHide: (item: T) => void;
  onReopen: (item: T) => void;
}) {
  const active = (items ?? []).filter((item) => item.is_active);
  const hidden = (items ?? []).filter((item) => !item.is_active);
  return (
    <div className="adm-lists">
      <section className="adm-list-section" aria-labelledby={`adm-${kind}-active`}>
        <h3 id={`adm-${kind}-active`} className="adm-section-title">
          {activeTitle}
        </h3>
        {items === null && loading ? <LoadingText>{loadingText}</LoadingText> : null}
        {items !== null && active.length === 0 ? <EmptyState title={emptyText} /> : null}
        {active.length > 0 ? (
          <ul className="adm-entity-list" data-testid={`${kind}-active-list`}>
            {active.map((item) => (
              <li key={item.id} className={`adm-entity${editingId === item.id ? " adm-entity-editing" : ""}`} data-testid={`${kind}-active-item`}>
                <div className="adm-entity-text">
                  <span className="adm-entity-name">{item.name}</span>
                  <span className="adm-entity-meta">{describe(item)}</span>
                </div>
                <div className="adm-entity-actions">
                  <Button size="sm" onClick={() => onEdit(item)} aria-label={`Edit ${item.name}`} data-testid={`${kind}-edit`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="ghost" busy={busyId === item.id} onClick={() => onHide(item)} aria-label={`Hide ${item.name}`} data-testid={`${kind}-hide`}>
                    Hide
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      <section className="adm-list-section" aria-labelledby={`adm-${kind}-archive`}>
        <h3 id={`adm-${kind}-archive`} className="adm-section-title">
          Archive
        </h3>
        {items !== null && hidden.length === 0 ? <p className="adm-muted">Nothing archived.</p> : null}
        {hidden.length > 0 ? (
          <ul className="adm-entity-list adm-entity-list-archive" data-testid={`${kind}-archive-list`}>
            {hidden.map((item) => (
              <li key={item.id} className={`adm-entity${editingId === item.id ? " adm-entity-editing" : ""}`} data-testid={`${kind}-archive-item`}>
                <div className="adm-entity-text">
                  <span className="adm-entity-name">{item.name}</span>
                  <span className="adm-entity-meta">{describe(item)}</span>
                </div>
                <div className="adm-entity-actions">
                  <Button size="sm" onClick={() => onReopen(item)} aria-label={`Reopen ${item.name}`} data-testid={`${kind}-reopen`}>
                    Reopen
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
