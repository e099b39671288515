import { launchChromium, openJourneyPage } from './support/product.ts';
import { signIn } from './support/pages.ts';
const base = 'http://127.0.0.1:4610';
const browser = await launchChromium();
const { page } = await openJourneyPage(browser);
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
await page.goto(`${base}/`); await page.waitForURL(/\/authentication\/login-page/, { timeout: 60000 });
await signIn(page, 'admin@demo', 'Demo-Reports-1').catch(async (e) => { await page.screenshot({ path: '/tmp/shot-login.png' }); console.log(page.url()); throw e; });
for (const tab of (process.argv[2] ?? 'trial-balance,general-ledger,account-statement,aged-receivables,periods,posting-rules').split(',')) {
  await page.goto(`${base}/postings?tab=${tab}`.replace("account-statement", "account-statement&person=PER000008"));
  await page.waitForTimeout(3000);
  if (tab === 'posting-rules') { await page.getByTestId('rule-0-title').click(); await page.waitForTimeout(500); await page.getByTestId('preview-rules').click(); await page.waitForTimeout(1500); }
  await page.screenshot({ path: `/tmp/shot-${tab}.png`, fullPage: true });
  console.log('shot', tab);
}
await browser.close();
