// `import(..., { with: { type: "file" } })` of a model yields its path (embedded when compiled).
declare module "*.onnx" {
  const path: string;
  export default path;
}
