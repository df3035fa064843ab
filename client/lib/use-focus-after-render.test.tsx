import { afterEach, expect, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useRef, useState } from "react";
import { Button } from "../components/ui/button";
import { useFocusAfterRender } from "./use-focus-after-render";

afterEach(cleanup);

// A save that fails: the button is busy (disabled) until the render that shows the error.
function Form({ save }: { save: () => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  const saveRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const focus = useFocusAfterRender(() => (error ? inputRef.current : saveRef.current));
  const submit = async () => {
    setBusy(true);
    await save();
    setError(true);
    setBusy(false);
    focus();
  };
  return (
    <>
      <input ref={inputRef} aria-invalid={error} data-testid="field" />
      <Button ref={saveRef} busy={busy} onClick={submit}>
        Save
      </Button>
    </>
  );
}

test("focus lands on what the committed render shows: the field marked invalid after a refused save", async () => {
  let fail!: () => void;
  render(<Form save={() => new Promise<void>((resolve) => (fail = resolve))} />);
  fireEvent.click(screen.getByRole("button", { name: "Save" }));
  expect((screen.getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
  await act(async () => fail());
  expect(document.activeElement).toBe(screen.getByTestId("field"));
});
