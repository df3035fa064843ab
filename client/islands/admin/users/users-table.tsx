import { Badge, Button } from "../../../components/ui";
import { formatDateTime, formatRelative } from "../../../lib/format";
import type { AdminUser } from "../types";

export function UsersTable({
  users,
  currentEmail,
  busyId,
  editingId,
  onEdit,
  onToggle,
}: {
  users: AdminUser[];
  currentEmail: string | null;
  busyId: number | null;
  editingId: number | null;
  onEdit: (user: AdminUser) => void;
  onToggle: (user: AdminUser) => void;
}) {
  return (
    <div className="adm-table-wrap">
      <table className="adm-table adm-users-table" data-testid="users-table">
        <caption className="adm-visually-hidden">Users</caption>
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Role</th>
            <th scope="col">Status</th>
            <th scope="col">Verification</th>
            <th scope="col">Last login</th>
            <th scope="col">
              <span className="adm-visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = [user.first_name, user.last_name].filter(Boolean).join(" ");
            const self = currentEmail !== null && user.email.toLowerCase() === currentEmail.toLowerCase();
            return (
              <tr key={user.id} data-testid="users-row" data-email={user.email} className={editingId === user.id ? "adm-row-selected" : undefined}>
                <td data-label="Email">
                  {user.email}
                </td>
                <td data-label="Name">{name || "—"}</td>
                <td data-label="Role">{user.role_name || user.role}</td>
                <td data-label="Status" data-testid="users-row-status">
                  <Badge tone={user.is_active ? "success" : "danger"}>{user.is_active ? "active" : "suspended"}</Badge>
                </td>
                <td data-label="Verification">
                  <Badge tone={user.is_verified ? "info" : "neutral"}>{user.is_verified ? "Verified" : "Not verified"}</Badge>
                </td>
                <td data-label="Last login">
                  {user.last_login_at ? <span title={formatDateTime(user.last_login_at)}>{formatRelative(user.last_login_at)}</span> : <span className="adm-muted">No logins yet</span>}
                </td>
                <td className="adm-row-actions">
                  <Button size="sm" onClick={() => onEdit(user)} aria-label={`Edit ${user.email}`} data-testid="users-edit">
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    // Not disabled while busy: the button keeps keyboard focus when its label flips.
                    aria-busy={busyId === user.id || undefined}
                    disabled={self && user.is_active}
                    title={self && user.is_active ? "You cannot deactivate your own account." : undefined}
                    onClick={() => onToggle(user)}
                    aria-label={`${user.is_active ? "Deactivate" : "Activate"} ${user.email}`}
                    data-testid="users-toggle"
                  >
                    {user.is_active ? "Deactivate" : "Activate"}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
