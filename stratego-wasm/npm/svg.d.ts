// Types of the SVG board.
import type { PlayerView, ViewData } from './stratego_wasm.js';
/** The board of a view as an SVG string: own ranks, revealed enemy ranks, hidden enemies blank. */
export function viewSvg(view: PlayerView | ViewData, options?: { size?: number }): string;
