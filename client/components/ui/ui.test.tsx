import { afterEach, describe, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { Alert } from "./alert";
import { Badge } from "./badge";
import { Button, ButtonLink } from "./button";
import { EmptyState } from "./empty-state";
import { Field } from "./field";
import { Modal } from "./modal";
import { LoadingText } from "./spinner";
import { Tabs } from "./tabs";

afterEach(cleanup);

describe("Button", () => {
  test("defaults to type=button and the secondary variant; busy disables", () => {
    const onClick = mock(() => {});
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole("button", { name: "Save" });
    expect(button.getAttribute("type")).toBe("button");
    expect(button.className).toContain("btn-secondary");
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button variant="danger" busy onClick={onClick}>
        Save
      </Button>,
    );
    expect(button.className).toContain("btn-danger");
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
  });

  test("ButtonLink renders an anchor with button classes", () => {
    render(
      <ButtonLink href="/app/calculator" variant="primary">
        Open Calculator
      </ButtonLink>,
    );
    const link = screen.getByRole("link", { name: "Open Calculator" });
    expect(link.getAttribute("href")).toBe("/app/calculator");
    expect(link.className).toContain("btn-primary");
  });
});

describe("Field", () => {
  test("wires label, hint and error to the control", () => {
    render(
      <Field label="E-mail" hint="Work address" error="Email is required." required>
        <input type="email" />
      </Field>,
    );
    const input = screen.getByLabelText(/E-mail/);
    const describedBy = input.getAttribute("aria-describedby")!.split(" ");
    expect(describedBy).toHaveLength(2);
    expect(document.getElementById(describedBy[0]!)!.textContent).toBe("Work address");
    expect(document.getElementById(describedBy[1]!)!.textContent).toBe("Email is required.");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect((input as HTMLInputElement).required).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe("Email is required.");
  });

  test("uses the given id", () => {
    render(
      <Field label="Brand" id="brand">
        <select>
          <option>A</option>
        </select>
      </Field>,
    );
    expect(screen.getByLabelText("Brand").id).toBe("brand");
  });
});

describe("Alert, LoadingText, EmptyState, Badge", () => {
  test("errors are alerts, the rest status messages", () => {
    render(
      <>
        <Alert tone="error">Boom</Alert>
        <Alert tone="success">Saved</Alert>
      </>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Boom");
    expect(screen.getByRole("status").textContent).toContain("Saved");
  });

  test("close button calls onClose", () => {
    const onClose = mock(() => {});
    render(
      <Alert tone="info" onClose={onClose}>
        Hello
      </Alert>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalled();
  });

  test("loading text, empty state and badge render their content", () => {
    render(
      <>
        <LoadingText>Loading catalog…</LoadingText>
        <EmptyState title="No projects yet">Nothing here</EmptyState>
        <Badge tone="success">Completed</Badge>
      </>,
    );
    expect(screen.getByRole("status").textContent).toBe("Loading catalog…");
    expect(screen.getByText("No projects yet")).toBeTruthy();
    expect(screen.getByText("Completed").className).toContain("badge-success");
  });
});

function ModalHarness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        open={open}
        title="Details"
        onClose={() => {
          onClose?.();
          setOpen(false);
        }}
        footer={<button type="button">Last</button>}
      >
        <input aria-label="First" />
      </Modal>
    </>
  );
}

describe("Modal", () => {
  test("is a labelled modal dialog that focuses inside, traps Tab and closes on Escape", () => {
    render(<ModalHarness />);
    const opener = screen.getByRole("button", { name: "Open" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole("dialog");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    expect(document.getElementById(dialog.getAttribute("aria-labelledby")!)!.textContent).toBe("Details");
    expect(document.activeElement).toBe(screen.getByLabelText("First"));

    const last = screen.getByRole("button", { name: "Last" });
    last.focus();
    fireEvent.keyDown(last, { key: "Tab" });
    // Wraps to the first focusable element (the × button comes first in the DOM).
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close dialog" }));
    fireEvent.keyDown(document.activeElement!, { key: "Tab", shiftKey: true });
    expect(document.activeElement).toBe(last);

    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  test("the × button and the backdrop close it", () => {
    const onClose = mock(() => {});
    render(<ModalHarness onClose={onClose} />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.click(screen.getByRole("button", { name: "Close dialog" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    fireEvent.mouseDown(document.querySelector(".modal-backdrop")!);
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  test("Escape still closes it when focus has fallen back to the page", () => {
    render(<ModalHarness />);
    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    (document.activeElement as HTMLElement).blur();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("renders nothing while closed", () => {
    render(<Modal open={false} title="Hidden" onClose={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("Tabs", () => {
  const tabs = [
    { id: "orders", label: "Orders", content: <p>Orders panel</p> },
    { id: "users", label: "Users", content: <p>Users panel</p>, disabled: true },
    { id: "catalog", label: "Catalog", content: <p>Catalog panel</p> },
  ];

  test("roving tabindex with arrow keys, skipping disabled tabs", () => {
    const onChange = mock((_id: string) => {});
    render(<Tabs label="Sections" tabs={tabs} onChange={onChange} />);
    const orders = screen.getByRole("tab", { name: "Orders" });
    expect(orders.getAttribute("aria-selected")).toBe("true");
    expect(orders.tabIndex).toBe(0);
    expect(screen.getByRole("tab", { name: "Catalog" }).tabIndex).toBe(-1);
    expect(screen.getByRole("tabpanel").textContent).toBe("Orders panel");

    fireEvent.keyDown(orders, { key: "ArrowRight" });
    const catalog = screen.getByRole("tab", { name: "Catalog" });
    expect(catalog.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(catalog);
    expect(onChange).toHaveBeenLastCalledWith("catalog");
    expect(screen.getByRole("tabpanel").textContent).toBe("Catalog panel");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(catalog.id);

    fireEvent.keyDown(catalog, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Orders" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(orders, { key: "End" });
    expect(catalog.getAttribute("aria-selected")).toBe("true");
  });

  test("controlled value wins", () => {
    render(<Tabs label="Sections" tabs={tabs} value="catalog" />);
    expect(screen.getByRole("tabpanel").textContent).toBe("Catalog panel");
    fireEvent.click(screen.getByRole("tab", { name: "Orders" }));
    expect(screen.getByRole("tabpanel").textContent).toBe("Catalog panel");
  });
});
