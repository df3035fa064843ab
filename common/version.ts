/** One place for the product's version: the CLI, the API docs and the site footer all read it. */
export const APP_VERSION = "1.0.0";
/** SPEC: "build number 23", shown in the footer. */
export const BUILD_NUMBER = 23;
