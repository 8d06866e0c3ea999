// Soundness at the page's edges, for every backend the page has: a statement a verifier could
// misread (a length past 2^32 that a 32-bit wasm argument wraps, a fraction, a negative, a
// digest of the wrong size) is refused by the proof-file parser AND by the worker when the
// parser is bypassed, and a seeded sample of damaged proofs never verifies nor crashes the
// wasm. (Each verifier's own native fuzzing runs 10,000+ inputs; this is the browser's sample.)
// The honest proof is the backend's first published sample (made natively by the set-up, as a
// shared file would be): what is tested is the verifier, and proving in the page is
// conformance.spec.ts's. The worker still prepares its prover before it verifies, since that
// worker is the one that checks a proof the page has just made. Proofs go to the page as
// Uint8Arrays, which Playwright sends as base64: as arrays of numbers, the 40 damaged copies of
// a 180 KB plonky2 or starky proof took over a minute to serialize, far more than verifying them.
// The checks are in e2e/statement-steps.ts, which a backend's own spec may run instead (starky's:
// in the page of its proof, so that its wrapper is not prepared again).
import { DESKTOP_PROOF_IN_OWN_SPEC } from './conformance-steps';
import { checkStatements } from './statement-steps';
import { registeredBackendIds, test } from './fixtures';

const backendIds = registeredBackendIds();

test.skip(({ isMobile }) => isMobile, 'verifier checks do not depend on the viewport');

// A backend of DESKTOP_PROOF_IN_OWN_SPEC has these checks run by backends/<id>/e2e.spec.ts, in the
// page of its proof with its prover prepared: no test of its own here.
for (const id of backendIds.filter((b) => !DESKTOP_PROOF_IN_OWN_SPEC.includes(b))) {
  test(`${id}: statements out of range are refused and damaged proofs never verify`, async ({ page }) => {
    await page.goto('/?debug');
    await page.locator(`input[name="backend"][value="${id}"]`).check();
    await checkStatements(page, id);
  });
}
