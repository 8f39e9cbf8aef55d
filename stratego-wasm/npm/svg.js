// The SVG board of a view: drawing only, from the view's own data (no hidden rank is in it).

const COLORS = { red: '#c0392b', blue: '#2e5fa8' };

function escape(text) {
  return String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

/** `view` (a PlayerView or its toJSON() data) as an SVG string, the viewer's side at the bottom. */
export function viewSvg(view, options = {}) {
  const data = typeof view.toJSON === 'function' ? view.toJSON() : view;
  const cell = options.size ?? 40;
  const { width, height, player } = data;
  const enemy = player === 'red' ? 'blue' : 'red';
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width * cell} ${height * cell}" width="${width * cell}" height="${height * cell}" role="img" aria-label="Stratego board, ${escape(player)}'s view">`];
  for (const sq of data.squares) {
    const col = sq.square.charCodeAt(0) - 97;
    const row = Number(sq.square.slice(1)) - 1;
    // The viewer's home rows are drawn at the bottom: Blue sees the board turned.
    const x = (player === 'red' ? col : width - 1 - col) * cell;
    const y = (player === 'red' ? height - 1 - row : row) * cell;
    const fill = sq.kind === 'lake' ? '#7fb3d5' : '#d9c89e';
    out.push(`<rect x="${x}" y="${y}" width="${cell}" height="${cell}" fill="${fill}" stroke="#6b5b3e"/>`);
    if (sq.kind === 'own' || sq.kind === 'enemy') {
      const owner = sq.kind === 'own' ? player : enemy;
      out.push(`<rect x="${x + 3}" y="${y + 3}" width="${cell - 6}" height="${cell - 6}" rx="4" fill="${COLORS[owner]}"/>`);
      if (sq.label) {
        out.push(`<text x="${x + cell / 2}" y="${y + cell / 2}" fill="#fff" font-family="sans-serif" font-size="${cell * 0.4}" text-anchor="middle" dominant-baseline="central">${escape(sq.label)}</text>`);
      }
    }
  }
  out.push('</svg>');
  return out.join('');
}
