import { noticesSetup } from '../notices.setup.ts';
import { failure, session } from './shared.ts';

/**
 * The retired-app notice (ours, 216; docs/notices.md): the client the user came from no longer gets
 * codes. The page names it and its replacement, with the steps to get the replacement. Nothing leads
 * back to the retired app, so the page has no way on; a notice that cannot load is the error page.
 */
export const retiredApp = noticesSetup.createStateConfig({
  tags: ['screen.retiredApp'],
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        id: 'loadRetiredApp',
        src: 'loadRetiredApp',
        input: ({ context }) => {
          const { clientId, localeId } = session({ context });
          return { clientId, localeId };
        },
        onDone: {
          target: 'showing',
          actions: { type: 'assignRetiredApp', params: ({ event }) => event.output },
        },
        onError: failure,
      },
    },
    showing: {},
  },
});
