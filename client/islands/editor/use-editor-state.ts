import { useSyncExternalStore } from "react";
import type { EditorStore } from "./core/store";
import type { EditorState } from "./core/types";

/** The store's state; the server snapshot is the same unloaded state, so hydration matches. */
export function useEditorState(store: EditorStore): EditorState {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The state as of the last finished change (see EditorStore.getSettledState): for everything but the canvas. */
export function useSettledEditorState(store: EditorStore): EditorState {
  return useSyncExternalStore(store.subscribe, store.getSettledState, store.getSettledState);
}
