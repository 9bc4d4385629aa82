// Writes docs/statechart.md: a Mermaid diagram generated from the sign-in statechart itself.
// `--check` fails (exit 1) when the committed diagram no longer matches the machine.
import { readFileSync, writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import type { AnyStateNode } from 'xstate';

// The machine's actors reach brand token files, which import their SVG logos through Vite. Plain
// Node cannot load an SVG as a module, and the diagram needs none, so each becomes an empty URL.
registerHooks({
  load: (url, context, nextLoad) =>
    url.endsWith('.svg')
      ? { format: 'module', source: 'export default "";', shortCircuit: true }
      : nextLoad(url, context),
});
const { signInMachine } = await import('../machines/signIn.machine.ts');
const { twoFactorMachine } = await import('../machines/twoFactor/twoFactor.machine.ts');
const { accountMachine } = await import('../machines/account/account.machine.ts');
const { emergencyMachine } = await import('../machines/emergency/emergency.machine.ts');
const { noticesMachine } = await import('../machines/notices/notices.machine.ts');
const { pickerMachine } = await import('../machines/picker/picker.machine.ts');

const target = new URL('./statechart.md', import.meta.url);
const idOf = (node: AnyStateNode) => node.path.join('_') || node.machine.id;
const guardName = (guard: unknown) =>
  typeof guard === 'string' ? guard : ((guard as { type?: string } | undefined)?.type ?? '');

function describeTransitions(node: AnyStateNode, lines: string[], indent: string) {
  const entries: [string, AnyStateNode['transitions'] extends Map<string, infer T> ? T : never][] = [
    ...node.transitions.entries(),
  ];
  if (node.always) entries.push(['always', node.always]);
  for (const [eventType, transitions] of entries) {
    for (const transition of transitions) {
      const guard = guardName(transition.guard);
      const label = `${eventType.replace(/^xstate\.(done|error)\.actor\./, '$1: ')}${guard ? ` [${guard}]` : ''}`;
      const targets = transition.target ?? [];
      if (targets.length === 0) lines.push(`${indent}${idOf(node)} --> ${idOf(node)} : ${label}`);
      for (const to of targets) lines.push(`${indent}${idOf(node)} --> ${idOf(to)} : ${label}`);
    }
  }
}

function describeNode(node: AnyStateNode, lines: string[], indent: string) {
  const children = Object.values(node.states) as AnyStateNode[];
  const tags = [...node.tags].filter((tag) => tag.startsWith('screen.'));
  const invokes = node.invoke.map((invoke) => `invokes ${String(invoke.src)}`);
  const note = [...tags, ...invokes].join(', ');
  if (children.length === 0) {
    lines.push(`${indent}state "${node.key}${note ? ` (${note})` : ''}" as ${idOf(node)}`);
    return;
  }
  lines.push(`${indent}state ${idOf(node)} {`);
  const initial = node.initial?.target[0];
  if (initial) lines.push(`${indent}  [*] --> ${idOf(initial)}`);
  for (const child of children) describeNode(child, lines, `${indent}  `);
  lines.push(`${indent}}`);
}

function collectTransitions(node: AnyStateNode, lines: string[]) {
  describeTransitions(node, lines, '  ');
  for (const child of Object.values(node.states) as AnyStateNode[]) collectTransitions(child, lines);
}

function diagramOf(root: AnyStateNode): string {
  const lines: string[] = ['stateDiagram-v2'];
  const first = root.initial?.target[0];
  if (first) lines.push(`  [*] --> ${idOf(first)}`);
  for (const child of Object.values(root.states) as AnyStateNode[]) describeNode(child, lines, '  ');
  collectTransitions(root, lines);
  return lines.join('\n');
}

const document = `# Sign-in statechart

Generated from \`machines/signIn.machine.ts\` by \`npm run diagram\`; CI fails when it is stale.
Each state shows its screen tag (which machines/routes.ts turns into the hash) and what it invokes.

\`\`\`mermaid
${diagramOf(signInMachine.root)}
\`\`\`

## Two-factor flow

\`machines/twoFactor/twoFactor.machine.ts\`, which the \`verifying\` state above invokes as
\`verifySecondFactor\` (loaded as a chunk of its own). Its screen tags name the \`/twoFactor/*\` routes.

\`\`\`mermaid
${diagramOf(twoFactorMachine.root)}
\`\`\`

## Password and account flow

\`machines/account/account.machine.ts\`, which the \`managingAccount\` state above invokes as
\`manageAccount\` (loaded as a chunk of its own): recovery, the emailed links, the password changes,
activation and confirm email. Its screen tags name the routes of machines/accountRoutes.ts.

\`\`\`mermaid
${diagramOf(accountMachine.root)}
\`\`\`

## Emergency-address flow

\`machines/emergency/emergency.machine.ts\`, which the \`completingEmergency\` state above invokes as
\`completeEmergencyAddress\` (loaded as a chunk of its own) when the code request answers 701 or 702:
the dispatcher, the acknowledgements, the locked and version-changed confirmations, the location
chooser, the editor, the confirm page and the registration. Its screen tags name the routes of
machines/emergencyRoutes.ts.

\`\`\`mermaid
${diagramOf(emergencyMachine.root)}
\`\`\`

## Notices flow

\`machines/notices/notices.machine.ts\`, which the \`acknowledgingNotice\` state above invokes as
\`showNotice\` (loaded as a chunk of its own) when the code request answers 720 or 730, or a retired
app's request starts the page (216): the FedRAMP notice, the terms of service and the retired-app
notice. Its screen tags name the routes of machines/noticeRoutes.ts (docs/notices.md).

\`\`\`mermaid
${diagramOf(noticesMachine.root)}
\`\`\`

## Account picker flow

\`machines/picker/picker.machine.ts\`, which the \`choosingAccount\` state above invokes as
\`chooseAccount\` (loaded as a chunk of its own) when the picker is the page to show (spec §2
/selectAccount, docs/sessions.md): the accounts listed unless the session check just did, each row's
choices, signing out of one, of all or everywhere. Its final states are the outcomes \`choosingAccount\`
takes on; the \`screen.selectAccount\` tag is the root state's too.

\`\`\`mermaid
${diagramOf(pickerMachine.root)}
\`\`\`
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== document) {
    console.error('docs/statechart.md is stale: run `npm run diagram` and commit the result.');
    process.exit(1);
  }
  console.log('docs/statechart.md matches the statechart.');
} else {
  writeFileSync(target, document);
  console.log('Wrote docs/statechart.md');
}
