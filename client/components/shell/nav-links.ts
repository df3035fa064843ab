/** Top navigation of SPEC section 2 (Shell), in order. */
export const NAV_LINKS: { path: string; label: string }[] = [
  { path: "/", label: "Main" },
  { path: "/calculator", label: "Calculator" },
  { path: "/scanner", label: "Scanner" },
  { path: "/scanner-ai", label: "AI Scanner" },
  { path: "/foam-editor", label: "Foam Editor" },
  { path: "/shop", label: "Shop" },
  { path: "/about", label: "About" },
];

