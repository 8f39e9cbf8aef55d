// Opens bench/agent.html in headless Chromium for each agent named and prints seconds a move.
import { createServer } from 'node:http';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { Agent } from '../pkg/node.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const files = { '/agent.html': join(root, 'bench/agent.html') };
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const path = new URL(req.url, 'http://x').pathname;
  const file = files[path] ?? (path.startsWith('/pkg/') ? join(root, path.replace(/\.\./g, '')) : null);
  try {
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const profile = mkdtempSync(join(tmpdir(), 'stratego-bench-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium', headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const known = Agent.names();
for (const name of (process.argv[2] ?? 'sampling').split(/\s+/)) {
  if (!known.includes(name)) {
    console.log(`agent ${name}: not in this engine (Agent.names() = ${known.join(', ')})`);
    continue;
  }
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/agent.html?agent=${name}&moves=${process.env.MOVES ?? 100}`);
  await page.waitForSelector('body[data-result]', { state: 'attached', timeout: 600000 });
  const r = JSON.parse(await page.getAttribute('body', 'data-result'));
  console.log(`agent ${name} in Chromium: ${(r.seconds_per_move * 1000).toFixed(2)} ms a move over ${r.moves} moves (target <= 0.3 s for search)`);
  await page.close();
}
await context.close();
server.close();
rmSync(profile, { recursive: true, force: true });
