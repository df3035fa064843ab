import { formatMoney } from "../../../lib/format";
import { ArchivablePanel } from "../shared/archivable-panel";
import type { Material } from "../types";
import { MaterialForm } from "./material-form";

function describe(material: Material): string {
  const cost = material.sheet_cost === null || material.sheet_cost === undefined ? null : formatMoney(material.sheet_cost, "USD");
  const parts = [material.supplier, cost === null ? null : `${cost} per sheet`];
  if (material.lead_time_days !== null && material.lead_time_days !== undefined) parts.push(`${material.lead_time_days} d lead time`);
  return parts.filter(Boolean).join(" · ") || "—";
}

export function MaterialsPanel() {
  return (
    <ArchivablePanel<Material>
      testId="materials"
      title="Calculator settings"
      endpoint="/admin/calculator/materials"
      kind="material"
      activeTitle="Active materials"
      loadingText="Loading materials…"
      emptyText="No active materials yet — add one using the form."
      loadFailed="Failed to load materials."
      archiveFailed="Failed to archive material."
      saveFailed="Failed to save material."
      addedText="Material added."
      describe={describe}
      renderForm={({ key, editing, ...form }) => <MaterialForm key={key} material={editing} {...form} />}
    />
  );
}
