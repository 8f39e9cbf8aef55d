// The package in a browser or worker: the module is fetched beside this file, then the exports load.
import init from './stratego_wasm.js';

await init({ module_or_path: new URL('./stratego_wasm_bg.wasm', import.meta.url) });

export * from './stratego_wasm.js';
export { viewSvg } from './svg.js';
