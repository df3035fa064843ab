// `import(..., { with: { type: "file" } })` of a model yields its path (embedded when compiled).
declare module "*.onnx" {
  const path: string;
  export default path;
}

// The compiled binary embeds onnxruntime's native files by path (scripts/ort-native-loader.ts).
declare module "*.node" {
  const path: string;
  export default path;
}
declare module "*.so.1" {
  const path: string;
  export default path;
}
