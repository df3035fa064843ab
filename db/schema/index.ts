export * from "./users";
export * from "./catalog";
export * from "./orders";
export * from "./scanner";
