import { useState } from "react";
import { Alert } from "../../../components/ui";
import { formatMoney } from "../../../lib/format";
import { ArchivableLists } from "../shared/archivable-lists";
import { useArchivable } from "../shared/use-archivable";
import type { Material } from "../types";
import { MaterialForm } from "./material-form";

type Notice = { tone: "success" | "error"; text: string };

function describe(material: Material): string {
  const cost = material.sheet_cost === null || material.sheet_cost === undefined ? null : formatMoney(material.sheet_cost, "USD");
  const parts = [material.supplier, cost === null ? null : `${cost} per sheet`];
  if (material.lead_time_days !== null && material.lead_time_days !== undefined) parts.push(`${material.lead_time_days} d lead time`);
  return parts.filter(Boolean).join(" · ") || "—";
}

export function MaterialsPanel() {
  const materials = useArchivable<Material>("/admin/calculator/materials", "Failed to load materials.");
  const [editing, setEditing] = useState<Material | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const startEdit = (material: Material | null) => {
    setEditing(material);
    setFailure(null);
    setFormKey((value) => value + 1);
  };

  const hide = async (material: Material) => {
    setBusyId(material.id);
    setNotice(null);
    try {
      await materials.archive(material.id);
      if (editing?.id === material.id) startEdit(null);
      setNotice({ tone: "success", text: "Changes saved." });
    } catch (reason) {
      console.warn("Archive failed", reason);
      setNotice({ tone: "error", text: "Failed to archive material." });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="adm-panel" data-testid="materials-panel">
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">Calculator settings</h2>
      </div>
      {materials.error ? <Alert tone="error">{materials.error}</Alert> : null}
      {notice ? (
        <Alert tone={notice.tone} onClose={() => setNotice(null)}>
          <span data-testid="materials-notice">{notice.text}</span>
        </Alert>
      ) : null}
      <div className="adm-split">
        <ArchivableLists
          kind="material"
          activeTitle="Active materials"
          items={materials.items}
          loading={materials.loading}
          loadingText="Loading materials…"
          emptyText="No active materials yet — add one using the form."
          editingId={editing?.id ?? null}
          busyId={busyId}
          describe={describe}
          onEdit={(material) => startEdit(material)}
          onHide={(material) => void hide(material)}
          onReopen={(material) => startEdit(material)}
        />
        <div className="adm-form-card">
          <MaterialForm
            key={formKey}
            focusOnMount={formKey > 0}
            material={editing}
            failure={failure}
            onCancel={() => startEdit(null)}
            onSave={async (body) => {
              setNotice(null);
              setFailure(null);
              const creating = editing === null;
              try {
                await materials.save(editing?.id ?? null, body);
                startEdit(null);
                setNotice({ tone: "success", text: creating ? "Material added." : "Changes saved." });
              } catch (reason) {
                console.warn("Material save failed", reason);
                setFailure("Failed to save material.");
              }
            }}
          />
        </div>
      </div>
    </div>
  );
}
