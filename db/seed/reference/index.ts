// One import point for the built-in reference data (browser and server safe).
export * from "./toolboxes";
export * from "./foams";
export * from "./catalog-boxes";
