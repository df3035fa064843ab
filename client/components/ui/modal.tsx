/**
 * Modal: an accessible dialog (role="dialog", aria-modal, labelled by its title).
 *
 *   <Modal open={editing} title="Edit order" onClose={() => setEditing(false)}
 *          footer={<><Button onClick={close}>Cancel</Button><Button variant="primary" type="submit" form="order-form">Save</Button></>}>
 *     <form id="order-form">…</form>
 *   </Modal>
 *
 * Renders nothing while closed (so it is SSR-safe); when open it is portalled to <body>.
 * Focus moves into the dialog (the first element with data-autofocus, else the first focusable
 * element, else the dialog), Tab/Shift+Tab stay inside, Escape and the × button call onClose,
 * a click on the backdrop too unless closeOnBackdrop={false}; focus returns to the opener on close.
 * size: "md" (default) | "lg" | "sm".
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

export type ModalProps = {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: "sm" | "md" | "lg";
  closeOnBackdrop?: boolean;
  className?: string;
};

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hasAttribute("disabled") && element.tabIndex !== -1);
}

export function Modal({ open, title, onClose, children, footer, size = "md", closeOnBackdrop = true, className }: ModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const titleId = `modal${useId().replace(/:/g, "")}`;
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current;
    if (dialog) {
      const preferred = dialog.querySelector<HTMLElement>("[data-autofocus]");
      const target = preferred ?? focusables(dialog).find((element) => !element.classList.contains("modal-close")) ?? dialog;
      target.focus();
    }
    // Focus can fall back to <body> (a busy button disables itself, content reloads): Escape must
    // still close the topmost dialog, not only while focus is inside it.
    const onDocumentKeyDown = (event: globalThis.KeyboardEvent) => {
      const current = dialogRef.current;
      if (event.key !== "Escape" || !current || current.contains(document.activeElement)) return;
      const dialogs = document.querySelectorAll(".modal[role='dialog']");
      if (dialogs[dialogs.length - 1] === current) onCloseRef.current();
    };
    document.addEventListener("keydown", onDocumentKeyDown);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.removeEventListener("keydown", onDocumentKeyDown);
      document.body.style.overflow = previousOverflow;
      if (opener && typeof opener.focus === "function" && document.contains(opener)) opener.focus();
    };
  }, [open]);

  if (!open || typeof document === "undefined") return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== "Tab" || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    if (items.length === 0) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="modal-backdrop"
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        className={["modal", `modal-${size}`, className ?? ""].filter(Boolean).join(" ")}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-header">
          <h2 className="modal-title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="modal-close" aria-label="Close dialog" onClick={() => onCloseRef.current()}>
            ×
          </button>
        </div>
        <div className="modal-body">{children}</div>
        {footer ? <div className="modal-footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
