import { useRef, useState, type FormEvent } from "react";
import { Alert, Button, Checkbox, Field } from "../../../components/ui";
import type { AdminUser, Role } from "../types";
import { useFocusAfterRender } from "../../../lib/use-focus-after-render";

export const PASSWORD_MIN_LENGTH = 8;

type Values = {
  email: string;
  first_name: string;
  last_name: string;
  company: string;
  locale: string;
  timezone: string;
  role: string;
  password: string;
  is_active: boolean;
  is_verified: boolean;
};
type Errors = Partial<Record<"email" | "role" | "password", string>>;

function valuesOf(user: AdminUser | null, roles: Role[]): Values {
  return {
    email: user?.email ?? "",
    first_name: user?.first_name ?? "",
    last_name: user?.last_name ?? "",
    company: user?.company ?? "",
    locale: user?.locale ?? "en-US",
    timezone: user?.timezone ?? "",
    // SPEC section 5: a new user starts with the first role in the list.
    role: user?.role ?? roles[0]?.code ?? "",
    password: "",
    is_active: user?.is_active ?? true,
    is_verified: user?.is_verified ?? false,
  };
}

export function validateUser(values: Values, creating: boolean): Errors {
  const errors: Errors = {};
  if (!values.email.trim()) errors.email = "Email is required.";
  if (!values.role) errors.role = "Select a role.";
  if (creating && !values.password) errors.password = "Password is required when creating a user.";
  else if (values.password && values.password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  return errors;
}

/** The PATCH/POST body of SPEC section 7: text trimmed, password only when filled in. */
export function userPayload(values: Values) {
  return {
    email: values.email.trim(),
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    company: values.company.trim(),
    locale: values.locale.trim(),
    timezone: values.timezone.trim(),
    role: values.role,
    is_active: values.is_active,
    is_verified: values.is_verified,
    ...(values.password ? { password: values.password } : {}),
  };
}

export function UserForm({
  user,
  roles,
  failure,
  onSave,
  onCancel,
  focusOnMount = false,
}: {
  user: AdminUser | null;
  roles: Role[];
  failure: string | null;
  onSave: (body: ReturnType<typeof userPayload>) => Promise<void>;
  onCancel: () => void;
  /** Set when the form is re-created after Save, Cancel, Edit or Reopen, so keyboard focus lands in it. */
  focusOnMount?: boolean;
}) {
  const creating = user === null;
  const [values, setValues] = useState<Values>(() => valuesOf(user, roles));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const focusSave = useFocusAfterRender(() => saveRef.current);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((previous) => ({ ...previous, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUser(values, creating);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    await onSave(userPayload(values));
    setBusy(false);
    // Still mounted means the save failed (success re-creates the form): focus back on Save, once
    // the render that takes it out of its busy state is committed.
    focusSave();
  };

  return (
    <form className="adm-entity-form" noValidate onSubmit={submit} aria-labelledby="adm-user-form-title" data-testid="user-form">
      <h3 id="adm-user-form-title" className="adm-section-title">
        {creating ? "New user" : `Edit ${user.email}`}
      </h3>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <div className="adm-form-grid">
        <Field label="Email" required error={errors.email}>
          <input type="email" autoComplete="off" value={values.email} onChange={(event) => set("email", event.target.value)} autoFocus={focusOnMount} data-testid="user-email" />
        </Field>
        <Field label="First name">
          <input value={values.first_name} onChange={(event) => set("first_name", event.target.value)} data-testid="user-first-name" />
        </Field>
        <Field label="Last name">
          <input value={values.last_name} onChange={(event) => set("last_name", event.target.value)} data-testid="user-last-name" />
        </Field>
        <Field label="Company">
          <input value={values.company} onChange={(event) => set("company", event.target.value)} data-testid="user-company" />
        </Field>
        <Field label="Role" required error={errors.role}>
          <select value={values.role} onChange={(event) => set("role", event.target.value)} data-testid="user-role">
            {roles.length === 0 ? <option value="">No roles</option> : null}
            {roles.map((role) => (
              <option key={role.code} value={role.code}>
                {role.name}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Locale" hint="For example en-US">
          <input value={values.locale} onChange={(event) => set("locale", event.target.value)} data-testid="user-locale" />
        </Field>
        <Field label="Timezone" hint="For example Europe/London">
          <input value={values.timezone} onChange={(event) => set("timezone", event.target.value)} data-testid="user-timezone" />
        </Field>
        <Field
          label="Password"
          required={creating}
          error={errors.password}
          hint={creating ? `At least ${PASSWORD_MIN_LENGTH} characters.` : "Leave blank to keep current"}
        >
          <input
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            placeholder={creating ? undefined : "Leave blank to keep current"}
            value={values.password}
            onChange={(event) => set("password", event.target.value)}
            data-testid="user-password"
          />
        </Field>
      </div>
      <div className="adm-checks">
        <Checkbox label="Active" checked={values.is_active} onChange={(event) => set("is_active", event.target.checked)} data-testid="user-active" />
        <Checkbox label="Verified" checked={values.is_verified} onChange={(event) => set("is_verified", event.target.checked)} data-testid="user-verified" />
      </div>
      <div className="adm-form-actions">
        <Button ref={saveRef} variant="primary" type="submit" busy={busy} data-testid="user-save">
          {busy ? "Saving…" : creating ? "Create user" : "Save"}
        </Button>
        {!creating ? (
          <Button onClick={onCancel} data-testid="user-cancel">
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
