import { useState } from "react";
import { Alert, Button, EmptyState, LoadingText } from "../../../components/ui";
import { useSession } from "../../../lib/session-context";
import { detailOr } from "../shared/error-message";
import type { AdminUser, Role } from "../types";
import { UserForm } from "./user-form";
import { UsersTable } from "./users-table";
import { useUsers } from "./use-users";

type Notice = { tone: "success" | "error"; text: string };

/**
 * The server lists the roles the signed-in user may assign, least privileged first, so the default
 * for a new user (the first in the list, SPEC section 5) is never an elevated role. The filter only
 * guards against an older server that listed super_admin to everyone.
 */
export function assignableRoles(roles: Role[], actorRole: string | undefined): Role[] {
  return roles.filter((role) => actorRole === "super_admin" || role.code !== "super_admin");
}

export function UsersPanel() {
  const session = useSession();
  const signedIn = Boolean(session.token);
  const data = useUsers(signedIn);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [formKey, setFormKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const startEdit = (user: AdminUser | null) => {
    setEditing(user);
    setFailure(null);
    setFormKey((value) => value + 1);
  };

  const toggle = async (user: AdminUser) => {
    if (busyId !== null) return;
    setBusyId(user.id);
    setNotice(null);
    try {
      // SPEC section 7: the toggle sends only is_active and role.
      await data.save(user.id, { is_active: !user.is_active, role: user.role });
      setNotice({ tone: "success", text: "Changes saved." });
    } catch (reason) {
      setNotice({ tone: "error", text: detailOr(reason, "Failed to update user status.") });
    } finally {
      setBusyId(null);
    }
  };

  return (
    <div className="adm-panel" data-testid="users-panel">
      <div className="adm-panel-head">
        <h2 className="adm-panel-title">User management</h2>
        {signedIn ? (
          <div className="adm-panel-actions">
            <Button variant="primary" onClick={() => startEdit(null)} data-testid="users-new">
              New user
            </Button>
          </div>
        ) : null}
      </div>
      {!signedIn ? (
        <Alert tone="info">Sign in to access the administrator tools.</Alert>
      ) : (
        <>
          {data.error ? <Alert tone="error">{data.error}</Alert> : null}
          {notice ? (
            <Alert tone={notice.tone} onClose={() => setNotice(null)}>
              <span data-testid="users-notice">{notice.text}</span>
            </Alert>
          ) : null}
          <div className="adm-stack">
            <div className="adm-list-section">
              {data.users === null && data.loading ? <LoadingText>Loading users…</LoadingText> : null}
              {data.users !== null && data.users.length === 0 ? <EmptyState title="No users yet." /> : null}
              {data.users && data.users.length > 0 ? (
                <UsersTable
                  users={data.users}
                  currentEmail={session.user?.email ?? null}
                  busyId={busyId}
                  editingId={editing?.id ?? null}
                  onEdit={(user) => startEdit(user)}
                  onToggle={(user) => void toggle(user)}
                />
              ) : null}
            </div>
            <div className="adm-form-card">
              {data.users !== null ? (
                <UserForm
                  key={formKey}
                  focusOnMount={formKey > 0}
                  user={editing}
                  roles={assignableRoles(data.roles, session.user?.role)}
                  failure={failure}
                  onCancel={() => startEdit(null)}
                  onSave={async (body) => {
                    setNotice(null);
                    setFailure(null);
                    const creating = editing === null;
                    try {
                      await data.save(editing?.id ?? null, body);
                      startEdit(null);
                      setNotice({ tone: "success", text: creating ? "User created." : "Changes saved." });
                    } catch (reason) {
                      setFailure(detailOr(reason, "Failed to save user."));
                    }
                  }}
                />
              ) : null}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
