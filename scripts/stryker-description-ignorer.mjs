// Stryker ignorer (stryker.config.mjs, decision 0250): a statechart's `description: '…'` is documentation for
// docs/machines.md and Stately Studio — changing it changes no behaviour, and tests/docs checks machines.md against
// it — so mutants inside it are not counted for the machine tests. Only a written string: a `description` computed
// from data (a tier's description in a view model) is behaviour and stays mutated.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const isWritten = (node) =>
  node.type === 'StringLiteral' ||
  (node.type === 'TemplateLiteral' && node.expressions.length === 0) ||
  (node.type === 'BinaryExpression' && node.operator === '+' && isWritten(node.left) && isWritten(node.right));

const isDescription = (path) => {
  const parent = path.parentPath;
  if (!parent?.isObjectProperty() || path.key !== 'value' || parent.node.computed) return false;
  const key = parent.node.key;
  const named =
    (key.type === 'Identifier' && key.name === 'description') ||
    (key.type === 'StringLiteral' && key.value === 'description');
  return named && isWritten(path.node);
};

export const strykerPlugins = [
  declareValuePlugin(PluginKind.Ignore, 'machine-descriptions', {
    shouldIgnore: (path) =>
      isDescription(path) ? 'A statechart description is documentation (docs/machines.md), not behaviour' : undefined,
  }),
];
