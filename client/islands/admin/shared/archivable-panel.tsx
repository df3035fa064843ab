import { useState, type ReactNode } from "react";
import { Alert } from "../../../components/ui";
import { ArchivableLists } from "./archivable-lists";
import { useArchivable } from "./use-archivable";

type Notice = { tone: "success" | "error"; text: string };
type Item = { id: number; name: string; is_active: boolean };

export type ArchivableFormProps<T> = {
  key: number;
  focusOnMount: boolean;
  editing: T | null;
  failure: string | null;
  onCancel: () => void;
  onSave: (body: Record<string, unknown>) => Promise<void>;
};

/**
 * The Catalog and Calculator tabs (SPEC section 2): the active list with Edit/Hide, the Archive with
 * Reopen (which loads the item into the form to reactivate it), and the add/edit form beside them.
 */
export function ArchivablePanel<T extends Item>({
  testId,
  title,
  endpoint,
  kind,
  activeTitle,
  loadingText,
  emptyText,
  loadFailed,
  archiveFailed,
  saveFailed,
  addedText = "Changes saved.",
  describe,
  renderForm,
}: {
  testId: string;
  title: string;
  endpoint: string;
  kind: "product" | "material";
  activeTitle: string;
  loadingText: string;
  emptyText: string;
  loadFailed: string;
  archiveFailed: string;
  saveFailed: string;
  /** The notice after creating (editing always says 'Changes saved.'). */
  addedText?: string;
  describe: (item: T) => ReactNode;
  renderForm: (props: ArchivableFormProps<T>) => ReactNode;
}) {
  const list = useArchivable<T>(endpoint, loadFailed);
  const [editing, setEditing] = useState<T | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const startEdit = (item: T | null) => {
    setEditing(item);
    setFailure(null);
    setFormKey((value) => value + 1);
  };

  const hide = async (item: T) => {
    setBusyId(item.id);
    setNotice(null);
    try {
      await list.archive(item.id);
      if (editing?.id === item.id) startEdit(null);
      setNotice({ tone: "success", text: "Changes saved." });
    } catch (reason) {
      console.warn("Archive failed", reason);
      setNotice({ tone: "error", text: archiveFailed });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="adm-panel" data-testid={`${testId}-panel`}>
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">{title}</h2>
      </div>
      {list.error ? <Alert tone="error">{list.error}</Alert> : null}
      {notice ? (
        <Alert tone={notice.tone} onClose={() => setNotice(null)}>
          <span data-testid={`${testId}-notice`}>{notice.text}</span>
        </Alert>
      ) : null}
      <div className="adm-split">
        <ArchivableLists
          kind={kind}
          activeTitle={activeTitle}
          items={list.items}
          loading={list.loading}
          loadingText={loadingText}
          emptyText={emptyText}
          editingId={editing?.id ?? null}
          busyId={busyId}
          describe={describe}
          onEdit={(item) => startEdit(item)}
          onHide={(item) => void hide(item)}
          onReopen={(item) => startEdit(item)}
        />
        <div className="adm-form-card">
          {renderForm({
            key: formKey,
            focusOnMount: formKey > 0,
            editing,
            failure,
            onCancel: () => startEdit(null),
            onSave: async (body) => {
              setNotice(null);
              setFailure(null);
              const creating = editing === null;
              try {
                await list.save(editing?.id ?? null, body);
                startEdit(null);
                setNotice({ tone: "success", text: creating ? addedText : "Changes saved." });
              } catch (reason) {
                console.warn(`${kind} save failed`, reason);
                setFailure(saveFailed);
              }
            },
          })}
        </div>
      </div>
    </div>
  );
}
