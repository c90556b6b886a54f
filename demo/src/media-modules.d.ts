/** Clips imported by the demo Worker (worker.ts): dev/build.mjs bundles them with esbuild's binary loader. */
declare module '*.mp4' {
  const bytes: Uint8Array<ArrayBuffer>;
  export default bytes;
}
