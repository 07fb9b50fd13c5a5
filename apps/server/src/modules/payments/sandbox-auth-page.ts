// The sandbox's stand-in for a bank's 3-D Secure page: plain HTML forms, no script (the CSP
// forbids inline script, and a bank page should not need ours).
import type { LanguageCode } from '@boats/domain/languages';
import { formatMoney } from '@boats/domain/money';
import { localeTexts } from '../../locale-texts';

/** The page's texts: apps/web/public/locales/{lang}/sandbox-bank.json. */
const bankTexts = localeTexts('sandbox-bank');

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function authenticationPage(input: {
  action: string;
  intentId: string;
  clientSecret: string;
  returnUrl: string;
  amountCents: number;
  language: LanguageCode;
}): string {
  const t = bankTexts(input.language);
  const hidden = [
    ['payment_intent', input.intentId],
    ['payment_intent_client_secret', input.clientSecret],
    ['return_url', input.returnUrl],
  ]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${esc(value ?? '')}">`)
    .join('');
  const form = (decision: string, label: string, cls: string) =>
    `<form method="post" action="${esc(input.action)}">${hidden}<input type="hidden" name="decision" value="${decision}"><button type="submit" class="${cls}">${label}</button></form>`;
  return `<!doctype html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(t('title'))}</title>
<style>
body{font-family:system-ui,sans-serif;background:#f3f5f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center;color:#1b2430}
main{background:#fff;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.08);padding:2rem;max-width:26rem;width:calc(100% - 2rem)}
h1{font-size:1.3rem;margin:0 0 .5rem}p{line-height:1.5}.amount{font-size:1.5rem;font-weight:700}
.actions{display:flex;gap:1rem;margin-top:1.5rem}form{flex:1}button{width:100%;padding:.8rem;border:0;border-radius:8px;font-size:1rem;cursor:pointer}
.approve{background:#1f7a4d;color:#fff}.fail{background:#e9ecf1;color:#8a1c1c}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${esc(t('heading'))}</h1>
<p>${esc(t('body'))}</p>
<p class="amount">${esc(formatMoney(input.amountCents, input.language))}</p>
<div class="actions">${form('approve', esc(t('approve')), 'approve')}${form('fail', esc(t('fail')), 'fail')}</div>
</main>
</body>
</html>`;
}
