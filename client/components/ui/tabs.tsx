/**
 * Tabs: an ARIA tab list with roving tabindex (Left/Right/Home/End move and activate) and the
 * active panel underneath. Controlled (value + onChange) or uncontrolled (defaultValue).
 *
 *   <Tabs label="Admin sections" value={tab} onChange={setTab} tabs={[
 *     { id: "orders", label: "Orders", content: <OrdersTab /> },
 *     { id: "users", label: "Users", content: <UsersTab />, disabled: !token },
 *   ]} />
 *
 * Only the active panel is rendered (inactive panels unmount). Tab ids are `${idPrefix}-tab-${id}`,
 * panel ids `${idPrefix}-panel-${id}`; idPrefix defaults to a generated one.
 */
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

export type TabItem = { id: string; label: ReactNode; content: ReactNode; disabled?: boolean };

export type TabsProps = {
  tabs: TabItem[];
  label: string;
  value?: string;
  defaultValue?: string;
  onChange?: (id: string) => void;
  idPrefix?: string;
  className?: string;
};

export function Tabs({ tabs, label, value, defaultValue, onChange, idPrefix, className }: TabsProps) {
  const generated = `tabs${useId().replace(/:/g, "")}`;
  const prefix = idPrefix ?? generated;
  const [inner, setInner] = useState(defaultValue ?? tabs.find((tab) => !tab.disabled)?.id ?? "");
  const active = value ?? inner;
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (value === undefined) setInner(id);
    onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const index = enabled.findIndex((tab) => tab.id === active);
    let next: TabItem | undefined;
    if (event.key === "ArrowRight") next = enabled[(index + 1) % enabled.length];
    else if (event.key === "ArrowLeft") next = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === "Home") next = enabled[0];
    else if (event.key === "End") next = enabled[enabled.length - 1];
    if (!next) return;
    event.preventDefault();
    select(next.id);
    buttons.current.get(next.id)?.focus();
  };

  const current = tabs.find((tab) => tab.id === active);
  return (
    <div className={["tabs", className ?? ""].filter(Boolean).join(" ")}>
      <div className="tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${prefix}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${prefix}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              className="tab"
              onClick={() => select(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {current ? (
        <div className="tab-panel" role="tabpanel" id={`${prefix}-panel-${current.id}`} aria-labelledby={`${prefix}-tab-${current.id}`} tabIndex={0}>
          {current.content}
        </div>
      ) : null}
    </div>
  );
}
