// Opens index.html from a file:// URL in headless Chromium (shipped by npm, see browser.ts):
// filters, the detail panel and the evidence work, and hostile server text shows as text
// without running.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser.js';
import { HOSTILE, otherHostRun, refhostFlakyReport, refhostReport, report } from './test-fixtures/sample-reports.js';
import { writeReports } from './write-reports.js';

let browser: Browser;
let page: Page;
let dir = '';
const dialogs: string[] = [];
const requests: string[] = [];
const pageErrors: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'html-report-'));
  const { html } = writeReports(report(refhostReport().hosts[0]!, otherHostRun()), dir);
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(pathToFileURL(html).href);
  await page.waitForSelector('html[data-ready]');
});

afterAll(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('index.html in chromium', () => {
  it('draws the matrix of checks by hosts with group totals', async () => {
    expect(await page.locator('#matrix thead th').allTextContents()).toEqual(['Check', 'Guarantees', 'refhost 0.1.0', 'codex 0.9.1']);
    expect(await page.locator('#matrix tr.group').count()).toBe(6);
    expect(await page.locator('#matrix tr.check').count()).toBe(7);
    expect(await page.locator('#shown').textContent()).toBe('Showing 7 of 7 checks');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: join('test-results', 'html-report-matrix.png') });
  });

  it('filters to failures and to one group', async () => {
    await page.click('button.vf[data-verdict="FAIL"]');
    const visible = page.locator('#matrix tr.check:not(.hidden) td.id');
    expect(await visible.allTextContents()).toEqual([
      'discover-once/initialize-before-model',
      'expose-description/origin-first',
      'approve-deny/no-bytes-before-yes',
    ]);
    await page.selectOption('#group-filter', 'EXPOSE');
    expect(await visible.allTextContents()).toEqual(['expose-description/origin-first']);
  });

  it('opens a cell with requirement, expected vs observed and numbered evidence; hostile text shows as text', async () => {
    await page.click('#matrix tr.check:not(.hidden) button.cell.v-FAIL');
    const panel = page.locator('#detail');
    await panel.waitFor({ state: 'visible' });
    expect(await panel.locator('h2').textContent()).toBe('expose-description/origin-first');
    expect(await panel.locator('.req').textContent()).toContain('The description names its origin');
    expect(await panel.locator('.expected pre').textContent()).toBe('expected behaviour of expose-description/origin-first');
    const evidence = panel.locator('ol.evidence > li');
    expect(await evidence.count()).toBe(3);
    expect(await evidence.nth(0).textContent()).toBe(`Model requestmodel request #1{"description":"${HOSTILE.script}"}`);
    expect(await evidence.nth(1).locator('pre').textContent()).toBe(`\\x1b[31mred alert\\x1b[0m\n${HOSTILE.endTag}`);
    expect(await evidence.nth(2).textContent()).toContain(HOSTILE.quotes);
    await page.screenshot({ path: join('test-results', 'html-report-detail.png') });
  });

  it('shows for a guarantee the specification sentence with its pages, or that only the catalogue asks it, and the seed passage', async () => {
    await page.keyboard.press('Escape');
    await page.click('#clear-filters');
    expect(await page.locator('#matrix tr.check:has(.gids .spec) td.id').allTextContents()).toEqual(['approve-deny/no-bytes-before-yes']);
    await page.click('#matrix tr.check:has-text("approve-deny/no-bytes-before-yes") button.cell >> nth=0');
    const sources = page.locator('#detail .sources');
    expect(await sources.locator('.asked b').textContent()).toBe('MCP specification, SHOULD (host): ');
    expect(await sources.locator('.asked .place').allTextContents()).toEqual([
      '2025-11-25 Tools › User Interaction Model: https://modelcontextprotocol.io/specification/2025-11-25/server/tools#user-interaction-model',
      '2026-07-28 Tools › User Interaction Model: https://modelcontextprotocol.io/specification/2026-07-28/server/tools#user-interaction-model',
    ]);
    expect(await sources.locator('.seed').textContent()).toContain(
      `「你输入 y 之后才把参数发给 Context7。」 (Arguments go only after you type y. ${HOSTILE.script})`,
    );
    await page.keyboard.press('Escape');
    await page.click('#matrix tr.check:has-text("net-redirect/no-follow") button.cell >> nth=0');
    expect(await page.locator('#detail .sources .own').textContent()).toBe(
      "Not required by the MCP specification: this catalogue's stricter contract: no sentence of the MCP specification asks it.",
    );
  });

  it('ran no injected script, created no injected element and made no request beyond the file', async () => {
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(await page.locator('img').count()).toBe(0);
    expect(await page.locator('script').count()).toBe(2);
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
  });

  it('closes the panel with Escape', async () => {
    await page.keyboard.press('Escape');
    await page.locator('#detail').waitFor({ state: 'hidden' });
  });

  it("opens a FLAKY cell with each run's verdict, observation and numbered evidence", async () => {
    const { html } = writeReports(refhostFlakyReport(), join(dir, 'flaky'));
    const flaky = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    flaky.on('pageerror', (error) => pageErrors.push(error.message));
    await flaky.goto(pathToFileURL(html).href);
    await flaky.waitForSelector('html[data-ready]');
    await flaky.click('#matrix button.cell.v-FLAKY');
    expect(await flaky.locator('#detail .observed pre').textContent()).toBe('FAIL then PASS: the verdict differed between runs of the scenario');
    const runs = flaky.locator('#detail .run');
    expect(await runs.locator('h3:first-child').allTextContents()).toEqual(['Run 1: FAIL 1.2 s', 'Run 2: PASS 0.9 s']);
    expect(await runs.nth(0).locator('ol.evidence > li').count()).toBe(3);
    expect(await runs.nth(1).locator('ol.evidence > li').textContent()).toBe('Model requestmodel request #1{"description":"[docs] search the docs"}');
    await flaky.screenshot({ path: join('test-results', 'html-report-flaky.png') });
    await flaky.close();
    expect(pageErrors).toEqual([]);
  });
});
