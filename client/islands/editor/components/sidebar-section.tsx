import type { ReactNode } from "react";

type SidebarSectionProps = { title: string; id: string; children: ReactNode; actions?: ReactNode };

export function SidebarSection({ title, id, children, actions }: SidebarSectionProps) {
  return (
    <section className="fe-section" aria-labelledby={`${id}-title`}>
      <div className="fe-section-head">
        <h2 className="fe-section-title" id={`${id}-title`}>
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
