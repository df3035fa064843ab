/** Shared UI primitives; each file's top comment documents its API. Styles: ui.css (theme variables from client/styles). */
export { Alert, type AlertTone } from "./alert";
export { Badge, type BadgeTone } from "./badge";
export { Button, ButtonLink, buttonClass, type ButtonProps, type ButtonVariant } from "./button";
export { Card } from "./card";
export { Checkbox } from "./checkbox";
export { EmptyState } from "./empty-state";
export { Field } from "./field";
export { Modal, type ModalProps } from "./modal";
export { Pill } from "./pill";
export { LoadingText, Spinner } from "./spinner";
export { Tabs, type TabItem } from "./tabs";
