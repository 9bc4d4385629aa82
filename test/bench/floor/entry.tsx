// The smallest page the design card's libraries allow: React DOM rendering an intl message inside an
// XState actor's provider, one zod/mini schema and one ky client. No Foyer code. The bench builds it
// with the app's own bundler settings, so its size is the floor under the first-screen budget.

import { createActorContext } from '@xstate/react';
import ky from 'ky';
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { assign, setup } from 'xstate';
import * as z from 'zod/mini';

const machine = setup({}).createMachine({
  initial: 'idle',
  states: { idle: { on: { go: { target: 'done', actions: assign({}) } } }, done: {} },
});
const Machine = createActorContext(machine);
const reply = z.object({ name: z.string().check(z.maxLength(8)), kind: z.optional(z.enum(['a', 'b'])) });
const client = ky.create({ prefixUrl: '/api/' });

const container = document.getElementById('root');
if (container) {
  client
    .get('floor')
    .json()
    .then((body) => reply.safeParse(body));
  createRoot(container).render(
    createElement(
      Machine.Provider,
      null,
      createElement(
        IntlProvider,
        { locale: 'en', messages: {} },
        createElement(FormattedMessage, { id: 'floor' }),
      ),
    ),
  );
}
