// The whole integration: import verify from the package and show what it says, including which
// hash the statement uses (a dApp compares hashMessage(r.statement.hash, its message) with
// r.statement.digest, or calls statementMatches(file, message)).
import { hashLabel, verify } from '../../verifier/index.js';

const out = document.getElementById('result');

async function check(text) {
  out.className = '';
  out.textContent = 'Verifying…';
  const r = await verify(text);
  out.className = r.ok ? 'ok' : 'no';
  const claim = r.statement
    ? `${r.backend}: ${hashLabel(r.statement.hash)} of a ${r.statement.length}-byte message is ${r.statement.digest}`
    : '';
  out.textContent = r.ok
    ? `Verified in ${r.ms.toFixed(1)} ms\n${claim}\nkey ${r.keyHash}\nsetup: ${r.setup?.note ?? ''}`
    : `Not verified (${r.code}): ${r.reason}\n${claim}`;
}

document.getElementById('file').addEventListener('change', async (e) => {
  const f = e.currentTarget.files?.[0];
  if (f) await check(await f.text());
});
document.getElementById('check').addEventListener('click', () => check(document.getElementById('text').value));
