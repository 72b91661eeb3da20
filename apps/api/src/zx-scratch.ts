import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
for (const opts of [{ maxLength: 64 }, { maxLength: 64, l33tMaxSubstitutions: 20 }]) {
  const z = new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary }, graphs: common.adjacencyGraphs, ...opts });
  for (const p of ['aB3$'.repeat(25), '4@3$1!0@'.repeat(12), 'P@ssw0rd!', 'p4$$w0rd', 'Pa$$w0rd2024', 'x1'.repeat(50), '@@@@@@@@4444444$$$$$$$$'.repeat(3)]) {
    const t = performance.now();
    const r = z.check(p, ['morgan']);
    console.log(JSON.stringify(opts), p.slice(0, 20), r.score, Math.round(performance.now() - t));
  }
}
