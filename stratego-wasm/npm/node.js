// The package in Node: the module is read from disk and instantiated before the exports load.
import { readFileSync } from 'node:fs';
import { initSync } from './stratego_wasm.js';

initSync({ module: readFileSync(new URL('./stratego_wasm_bg.wasm', import.meta.url)) });

export * from './stratego_wasm.js';
export { viewSvg } from './svg.js';
