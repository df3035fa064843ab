/** The one layout renderer: the editor's downloads and the operator's cutting files both come from here. */
export * from "./types";
export * from "./depth";
export * from "./geometry";
export * from "./dxf";
export * from "./svg";
export * from "./pdf";
export * from "./stl";
export * from "./normalize";
