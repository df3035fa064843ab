export { FINISHES, type Finish, generatePadPhoto, type PadPhoto, type PadPhotoOptions } from "./generate-pad-photo.ts";
export { withExifOrientation } from "./jpeg-exif.ts";
export { TOOL_KINDS, type ToolKind } from "./tool-shapes.ts";
