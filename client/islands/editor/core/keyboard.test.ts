import { describe, expect, test } from "bun:test";
import { keyToCommand } from "./keyboard";

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe("keyToCommand", () => {
  test("undo and redo shortcuts", () => {
    expect(keyToCommand(key("z", { ctrlKey: true }), false)).toEqual({ type: "undo" });
    expect(keyToCommand(key("Z", { ctrlKey: true, shiftKey: true }), false)).toEqual({ type: "redo" });
    expect(keyToCommand(key("y", { ctrlKey: true }), false)).toEqual({ type: "redo" });
    expect(keyToCommand(key("z", { metaKey: true }), false)).toEqual({ type: "undo" });
  });

  test("arrows nudge one mm, one grid cell when snapping, ten times with shift", () => {
    expect(keyToCommand(key("ArrowLeft"), false)).toEqual({ type: "nudge", dx: -1, dy: 0 });
    expect(keyToCommand(key("ArrowDown"), true)).toEqual({ type: "nudge", dx: 0, dy: 10 });
    expect(keyToCommand(key("ArrowUp", { shiftKey: true }), false)).toEqual({ type: "nudge", dx: 0, dy: -10 });
  });

  test("delete, rotate, escape; other keys do nothing", () => {
    expect(keyToCommand(key("Delete"), false)).toEqual({ type: "delete" });
    expect(keyToCommand(key("Backspace"), false)).toEqual({ type: "delete" });
    expect(keyToCommand(key("r"), false)).toEqual({ type: "rotate", degrees: 90 });
    expect(keyToCommand(key("R", { shiftKey: true }), false)).toEqual({ type: "rotate", degrees: -90 });
    expect(keyToCommand(key("Escape"), false)).toEqual({ type: "cancel" });
    expect(keyToCommand(key("c", { ctrlKey: true }), false)).toBeNull();
    expect(keyToCommand(key("x"), false)).toBeNull();
  });
});
