import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Focus an element once the render that the caller's state changes cause is committed: after a
 * refused save, the field at fault (whose error shows in that render) or the Save button (which that
 * render takes out of its busy, disabled state). A frame callback can run before a busy machine
 * commits that render, find neither, and leave the focus nowhere (the admin e2e test caught it
 * under CI load). Returns the function that asks for it.
 */
export function useFocusAfterRender(target: () => HTMLElement | null | undefined): () => void {
  const [request, setRequest] = useState(0);
  const targetRef = useRef(target);
  targetRef.current = target;
  useEffect(() => {
    if (request) targetRef.current()?.focus();
  }, [request]);
  return useCallback(() => setRequest((n) => n + 1), []);
}
