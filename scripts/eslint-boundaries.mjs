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

/*
 * Web layers (issue 8 §5, decision 026): apps/web/src/features/<name>/ never imports another
 * feature; shared UI (components/) and shared records (entities/) never import a feature. What two
 * features need goes to entities/ (query options of shared records) or components/ (UI); wiring
 * that names features lives in app/. Tests may cross (an app-level test drives two features).
 */
const WEB_SRC = `${path.sep}apps${path.sep}web${path.sep}src${path.sep}`;

function webLayerOf(file) {
  const at = file.indexOf(WEB_SRC);
  if (at < 0) return undefined;
  const [layer, name] = file.slice(at + WEB_SRC.length).split(path.sep);
  return layer === 'features' ? { layer, name } : { layer };
}

const webBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature never imports another feature; components/ and entities/ never import a feature' },
    schema: [],
    messages: {
      feature: 'Feature "{{from}}" imports feature "{{to}}": move what both need to src/entities/ (shared records) or src/components/ (shared UI).',
      layer: '{{from}}/ imports feature "{{to}}": shared code must not depend on a feature; move the piece to {{from}}/ or entities/.',
    },
  },
  create(context) {
    const file = context.filename;
    const own = webLayerOf(file);
    if (!own || TEST_FILE.test(file)) return {};
    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = webLayerOf(path.resolve(path.dirname(file), source));
      if (!target || target.layer !== 'features') return;
      if (own.layer === 'features' && own.name !== target.name) {
        context.report({ node: node.source, messageId: 'feature', data: { from: own.name, to: target.name } });
      } else if (own.layer === 'components' || own.layer === 'entities') {
        context.report({ node: node.source, messageId: 'layer', data: { from: own.layer, to: target.name } });
      }
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'domain-boundaries': domainBoundaries, 'web-boundaries': webBoundaries } };
