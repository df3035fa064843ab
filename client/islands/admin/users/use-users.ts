import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "../../../lib/api";
import { loadErrorMessage } from "../shared/error-message";
import type { AdminUser, ListAnswer, Role, RolesAnswer, UsersAnswer } from "../types";

function resultsOf<T>(answer: ListAnswer<T> | T[] | null | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.results) ? answer.results : [];
}

const byEmail = (a: AdminUser, b: AdminUser) => a.email.localeCompare(b.email);

/** Users (sorted by e-mail, SPEC section 2) and the role list, loaded together; only with a token. */
export function useUsers(enabled: boolean) {
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [roles, setRoles] = useState<Role[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      const [roleAnswer, userAnswer] = await Promise.all([
        apiRequest<RolesAnswer>("/admin/user-roles"),
        apiRequest<UsersAnswer>("/admin/users"),
      ]);
      setRoles(resultsOf(roleAnswer));
      setUsers(resultsOf(userAnswer).slice().sort(byEmail));
      setError(null);
    } catch (reason) {
      setError(loadErrorMessage(reason, "Failed to load admin data."));
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    if (enabled) void reload();
  }, [enabled, reload]);

  const save = useCallback(
    async (id: number | null, body: Record<string, unknown>) => {
      const saved = await apiRequest<AdminUser>(id === null ? "/admin/users" : `/admin/users/${id}`, { method: id === null ? "POST" : "PATCH", body });
      await reload();
      return saved;
    },
    [reload],
  );

  return { users, roles, loading, error, reload, save };
}
