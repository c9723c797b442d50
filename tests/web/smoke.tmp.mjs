import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
const site = process.argv[2];
const q = process.argv[3] || '';
const server = spawn('python3', ['-m', 'http.server', '8765', '--bind', '127.0.0.1', '-d', site], { stdio: 'ignore' });
await new Promise((r) => setTimeout(r, 800));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const ctx = await browser.newContext();
const page = await ctx.newPage();
page.on('console', (m) => console.log('console:', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror:', String(e)));
const t0 = Date.now();
await page.goto('http://127.0.0.1:8765/' + q);
try {
  await page.waitForFunction(() => document.body.dataset.ready === 'true', null, { timeout: 60000 });
  console.log('interactive', Date.now() - t0);
  await page.waitForFunction(() => window.frayPage.idle(), null, { timeout: 120000 });
  console.log('idle', Date.now() - t0, JSON.stringify(await page.evaluate(() => window.frayPage.lastMs)));
} catch (e) { console.log('ERR', e.message); }
console.log('status', await page.textContent('#status'));
if (process.argv[4]) await page.screenshot({ path: process.argv[4], fullPage: true });
await browser.close();
server.kill();
