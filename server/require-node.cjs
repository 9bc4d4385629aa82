// Says in one sentence which Node to install when the running one is too old, instead of the stack
// trace newer syntax would print. CommonJS and ES2017 only, so that any Node whose npm can read this
// lockfile (npm 7, Node 10 and later) runs it. Usage: node server/require-node.cjs <major> <who needs it>
const minimum = Number(process.argv[2] || '24');
const purpose = process.argv[3] || 'Foyer';
const found = process.versions.node;
if (!(Number(found.split('.')[0]) >= minimum)) {
  const where = `${process.platform}-${process.arch}`;
  const advice = 'install Node 24 LTS from https://nodejs.org/ and run `npm ci` again';
  console.error(`${purpose} needs Node ${minimum} or newer, found ${found} on ${where}: ${advice}.`);
  process.exit(1);
}
