import { chromium } from 'playwright-core';
const origin = 'http://localhost:37111';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
const page = await browser.newPage({ viewport: { width: Number(process.argv[3] ?? 1280), height: 800 } });
await page.goto(`${origin}/app/auth`);
await page.getByLabel('Email').fill('dev-admin@componenthub.test');
await page.getByLabel('Password', { exact: true }).fill('Dev-Admin-Passw0rd!');
await page.getByRole('button', { name: 'Sign In' }).click();
await page.waitForURL(/component-hub$/);
await page.goto(`${origin}/app${process.argv[2] ?? '/component-hub/settings#users'}`);
await page.waitForTimeout(1500);
if (process.argv[4]) {
  const form = page.getByRole('form', { name: 'Invite a user' });
  await form.getByLabel('Email').fill(process.argv[4]);
  await form.getByLabel('Role').selectOption('user');
  await form.getByRole('button', { name: 'Send Invitation' }).click();
  await page.waitForTimeout(1500);
}
const experiment = process.env.EXP;
if (experiment) await page.evaluate((css) => { const st = document.createElement('style'); st.textContent = css; document.head.append(st); }, experiment);
const info = await page.evaluate(() => {
  const td = document.querySelector('tbody td');
  const cols = [...document.querySelectorAll('tbody tr:first-child td')].map((c) => Math.round(c.getBoundingClientRect().width));
  console.log(cols);
  const table = document.querySelector('table');
  return td && table ? { td: getComputedStyle(td).wordBreak, ws: getComputedStyle(td).whiteSpace, tws: getComputedStyle(table).whiteSpace, tdw: td.getBoundingClientRect().width, tw: table.getBoundingClientRect().width, cols: [...document.querySelectorAll('tbody tr:first-child td')].map((c) => Math.round(c.getBoundingClientRect().width)), pw: table.parentElement!.getBoundingClientRect().width } : null;
});
console.log(info);
if (process.env.HOVER) {
  await page.getByRole('button', { name: process.env.HOVER }).hover();
  await page.waitForTimeout(800);
  console.log('tooltip visible', await page.getByText('Cannot delete your own account').isVisible());
}
await page.screenshot({ path: '/tmp/dbg/shot.png', fullPage: true });
await browser.close();
