import path from 'node:path';

/*
 * Boundary rule (docs/decisions: module system). An API domain (apps/api/src/domains/<name>/) uses
 * another domain only through that domain's index.ts; tests may also use its test-factories.ts.
 * Generic helpers live in apps/api/src/lib/.
 */

const API_DOMAINS = `${path.sep}apps${path.sep}api${path.sep}src${path.sep}domains${path.sep}`;
const TEST_FILE = /(\.test\.tsx?|[\\/]testing\.ts|[\\/]test-factories\.ts)$/;

function domainOf(file) {
  const at = file.indexOf(API_DOMAINS);
  if (at < 0) return undefined;
  const rest = file.slice(at + API_DOMAINS.length).split(path.sep);
  return rest.length > 1 ? { name: rest[0], inner: rest.slice(1).join('/') } : undefined;
}

const domainBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'An API domain imports another domain only through its index.ts' },
    schema: [],
    messages: {
      internal: 'Domain "{{from}}" imports "{{inner}}" of domain "{{to}}": import from ../{{to}}/index.js (export it there) or move a generic helper to apps/api/src/lib/.',
    },
  },
  create(context) {
    const file = context.filename;
    const own = domainOf(file);
    if (!own) return {};
    const isTest = TEST_FILE.test(file);
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = domainOf(path.resolve(path.dirname(file), source));
      if (!target || target.name === own.name) return;
      const inner = target.inner.replace(/\.(js|ts)$/, '');
      if (inner === 'index') return;
      if (isTest && inner === 'test-factories') return;
      context.report({ node: node.source, messageId: 'internal', data: { from: own.name, to: target.name, inner: target.inner } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'domain-boundaries': domainBoundaries } };
