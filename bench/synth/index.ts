export { FINISHES, type Finish, generatePadPhoto, type PadPhoto, type PadPhotoOptions } from "./generate-pad-photo.ts";
export { withExifOrientation } from "./jpeg-exif.ts";
export { TOOL_KINDS, type ToolKind } from "./tool-shapes.ts";
export { cachedPadPhoto3d, cachedProtocolViews } from "./cached-photo-3d.ts";
export {
  type CameraSpec,
  FINISHES_3D,
  type Finish3d,
  type LightSpec,
  type Render3dOptions,
  type Render3dPhoto,
  renderPadPhoto3d,
  renderProtocolViews,
  TOOL3D_KINDS,
  type Tool3dKind,
} from "./render-3d.ts";
